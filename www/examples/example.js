// Logs the boards' events on the example page (kept out of the HTML for the CSP).
const log = document.querySelector('#log');
for (const board of document.querySelectorAll('reversi-board')) {
  for (const type of ['move', 'pass', 'gameover']) {
    board.addEventListener(type, (e) => {
      const li = document.createElement('li');
      li.textContent = `${board.id} ${type} ${JSON.stringify(e.detail)}`;
      log.prepend(li);
      while (log.children.length > 30) log.lastChild.remove();
    });
  }
}

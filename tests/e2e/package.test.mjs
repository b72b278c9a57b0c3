// The npm package: its exports resolve, and the Game API runs from them (in Node).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url)));

test('the package exports the element, the Game API, the wasm and types', async () => {
  const element = fileURLToPath(import.meta.resolve(pkg.name));
  assert.match(element, /www\/element\.js$/);
  const wasmPath = fileURLToPath(import.meta.resolve(`${pkg.name}/reversi_bg.wasm`));
  const api = await import(`${pkg.name}/game`);
  await api.default({ module_or_path: fs.readFileSync(wasmPath) });
  const g = api.Game.fromTranscript('f5d6');
  assert.deepEqual(Array.from(g.play(34)), [35]); // c5 flips d5
  assert.throws(() => g.play(0), /a1 is illegal for White/);
  for (const key of ['.', './game']) {
    const types = fileURLToPath(new URL(pkg.exports[key].types, import.meta.resolve(`${pkg.name}/package.json`)));
    assert.ok(fs.existsSync(types), `${types} exists`);
  }
  for (const entry of pkg.files.filter((f) => !f.startsWith('!'))) {
    assert.ok(fs.existsSync(new URL(`../../${entry}`, import.meta.url)), `${entry} is there to pack`);
  }
});

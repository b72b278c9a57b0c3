#!/usr/bin/env python3
"""Writes the ladder's fit into the two places that show it: the ratings the engine
ships (src/search/levels.rs, RATINGS) and README's table (between the markers).
Run after `reversi ladder play`:  python3 scripts/ladder-table.py"""
import re, subprocess, sys
out = subprocess.run(['target/release/reversi', 'ladder', 'fit'], capture_output=True, text=True, check=True).stdout
lines = out.splitlines()
rows, pairs, sec = [], {}, 0
for l in lines[2:]:
    if l.startswith('pairs'):
        sec = 1
        continue
    if not l.strip():
        continue
    f = l.split()
    if sec == 0:
        rows.append((f[0], f[1], f[2], f[3] if len(f) == 6 else '', f[-2], f[-1]))
    else:
        m = re.match(r'\s*(\S+) vs (\S+)\s+(\d+) games\s+([\d.]+)%\s+(\S+)', l)
        if m:
            pairs.setdefault(m.group(1), []).append(m.groups())
levels = {r[0]: int(round(float(r[1]) / 10) * 10) for r in rows if r[0].isdigit()}
src = open('src/search/levels.rs').read()
n = int(re.search(r'const RATINGS: \[Option<u32>; (\d+)\]', src).group(1))
body = ''.join(f'    {"Some(%d)" % levels[str(i)] if str(i) in levels and i < n else "None"},\n' for i in range(1, n + 1))
src = re.sub(r'const RATINGS: \[Option<u32>; (\d+)\] = \[[^;]*\];', lambda m: f'const RATINGS: [Option<u32>; {m.group(1)}] = [\n{body}];', src, flags=re.S)
open('src/search/levels.rs', 'w').write(src)
md = [f'{lines[0]}:', '', '| player | Elo | ± | step from the one below | games: points against | nodes a move | ms a move |', '|---|---|---|---|---|---|---|']
for r in rows:
    g = '; '.join(f'{p[2]} vs {p[1]}: {p[3]}%' for p in pairs.get(r[0], []))
    md.append(f'| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {g} | {r[4]} | {r[5]} |')
if str(n) not in levels:
    md.append(f'| {n} | – | – | – | not played yet: it plays by the clock | – | – |')
readme = open('README.md').read()
a, b = '<!-- ladder -->', '<!-- /ladder -->'
if a not in readme:
    sys.exit('README.md has no ladder markers')
readme = readme[:readme.index(a) + len(a)] + '\n' + '\n'.join(md) + '\n' + readme[readme.index(b):]
open('README.md', 'w').write(readme)
print('\n'.join(md))

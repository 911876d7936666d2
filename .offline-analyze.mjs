import { readFileSync } from 'node:fs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const sizes = new Map();
let prev = null;
const mappings = [];
eachMapping(map, (m) => mappings.push(m));
mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
for (let i = 0; i < mappings.length; i++) {
  const m = mappings[i], n = mappings[i + 1];
  let len;
  if (n && n.generatedLine === m.generatedLine) len = n.generatedColumn - m.generatedColumn;
  else len = lines[m.generatedLine - 1].length - m.generatedColumn;
  const src = (m.source || '?').replace(/.*node_modules\//, 'nm/').replace(/.*\/src\//, 'src/');
  const key = process.env.FULL ? src : (src.startsWith('nm/') ? src.split('/').slice(0, src.split('/')[1].startsWith('@') ? 3 : 2).join('/') : src);
  sizes.set(key, (sizes.get(key) ?? 0) + len);
}
const top = [...sizes].sort((a, b) => b[1] - a[1]);
const argFilter = process.argv[3];
for (const [k, v] of top.slice(0, Number(process.argv[4] ?? 40))) if (!argFilter || k.includes(argFilter)) console.log(String(v).padStart(8), k);

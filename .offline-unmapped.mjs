import { readFileSync } from 'node:fs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const file = process.argv[2];
const code = readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const ms = []; eachMapping(map, (m) => ms.push(m));
ms.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
const chunks = [];
for (let i = 0; i < ms.length; i++) { const m = ms[i], n = ms[i+1]; if (m.source) continue; const end = n && n.generatedLine === m.generatedLine ? n.generatedColumn : lines[m.generatedLine-1].length; const t = lines[m.generatedLine-1].slice(m.generatedColumn, end); if (t.length > 60) chunks.push(t.slice(0, 200)); }
console.log(chunks.slice(0, 15).join('\n---\n'));

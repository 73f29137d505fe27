/**
 * `npx tsx scripts/confusables-table.ts <unhomoglyph/data.json>`: writes runtime/classroom/confusable-prototypes.json,
 * the Unicode TR39 confusables (confusables.txt, as the MIT-licensed npm package `unhomoglyph` 1.0.6 ships them:
 * Unicode 13.0.0) grouped by prototype: `{ "<prototype>": "<every character that maps to it>" }`. The class server
 * reads it to compare learners' names by their skeleton. Get the file with `npm pack unhomoglyph@1.0.6` and untar it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const source = process.argv[2];
if (!source) throw new Error('Give the path of unhomoglyph’s data.json.');
const mapping = JSON.parse(readFileSync(source, 'utf8')) as Record<string, string>;
const prototypes: Record<string, string> = {};
for (const [character, prototype] of Object.entries(mapping).sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!))
  prototypes[prototype] = (prototypes[prototype] ?? '') + character;
const out = resolve(import.meta.dirname, '../runtime/classroom/confusable-prototypes.json');
writeFileSync(out, JSON.stringify({ source: 'unhomoglyph 1.0.6 (MIT), Unicode confusables.txt 13.0.0', prototypes }) + '\n');
console.log(`${Object.keys(mapping).length} characters, ${Object.keys(prototypes).length} prototypes → ${out}`);

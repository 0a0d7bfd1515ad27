/**
 * Prints the gzip size of the JavaScript the sign-in page loads (entry + its static imports) and of
 * each lazily loaded chunk (with the static imports it adds), from dist/.vite/manifest.json.
 * Run after `npm run build`: `npx tsx bench/bundleSize.ts`. Target: first load ≤ 380 KiB gzip.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve('dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const size = (keys: Iterable<string>) => [...keys].reduce((sum, k) => sum + gz(manifest[k].file), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const first = closure(entryKey);
const firstSize = size(first);
const total = size(Object.keys(manifest).filter((k) => manifest[k].file.endsWith('.js')));

console.log(`first load (sign-in page): ${kib(firstSize)} gzip in ${first.size} files   [target ≤ 380 KiB]`);
console.log(`all JavaScript:            ${kib(total)} gzip; lazy share ${(((total - firstSize) / total) * 100).toFixed(0)} %`);
console.log('lazily loaded chunks (gzip, including static imports not in the first load):');
const rows = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .map((k) => {
    const extra = [...closure(k)].filter((x) => !first.has(x));
    return { name: manifest[k].src ?? k, own: gz(manifest[k].file), added: size(extra) };
  })
  .sort((a, b) => b.added - a.added);
for (const r of rows) console.log(`  ${kib(r.added).padStart(10)}  (own ${kib(r.own).padStart(9)})  ${r.name}`);
if (firstSize > 380 * 1024) {
  console.log('FIRST LOAD OVER TARGET');
  process.exitCode = 1;
}

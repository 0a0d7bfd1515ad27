import fs from 'node:fs';
import path from 'node:path';

/** The repository's root folder. */
export const ROOT = path.resolve(__dirname, '../..');

/** Every .ts/.tsx file under a folder of the repository, as a path relative to ROOT. */
export function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** A repository file's text. */
export const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The files (relative to ROOT) that a file's relative imports name. */
export const relativeImports = (file: string): string[] =>
  [...read(file).matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
    path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), m[1])),
  );

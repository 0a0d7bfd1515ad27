import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** Every .ts file under a folder of the repository. */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The repository folders a file's relative imports reach. */
function importedFolders(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), m[1])).split(path.sep)[0],
  );
}

/**
 * One definition per shape (issue #23): the wire shapes and the rules both sides apply live in
 * common/, which imports nothing of either side; the server never imports the browser's folders.
 */
describe('layering', () => {
  it('common/ imports only common/', () => {
    const bad = sources('common').flatMap((f) =>
      importedFolders(f)
        .filter((d) => d !== 'common')
        .map((d) => `${f} → ${d}`),
    );
    expect(bad).toEqual([]);
  });

  it('server/ imports nothing from src/, resources/ or dataProviders/', () => {
    const client = new Set(['src', 'resources', 'dataProviders']);
    const bad = sources('server').flatMap((f) =>
      importedFolders(f)
        .filter((d) => client.has(d))
        .map((d) => `${f} → ${d}`),
    );
    expect(bad).toEqual([]);
  });
});

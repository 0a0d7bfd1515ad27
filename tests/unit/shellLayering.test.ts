import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeImports, sources } from './repoSources';

/** The repository folders a file's relative imports reach. */
const importedFolders = (file: string): string[] => relativeImports(file).map((target) => target.split(path.sep)[0]);

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

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { read, relativeImports, sources } from './repoSources';

/** The area of a file under resources/ (resources/<area>/...). */
const areaOf = (file: string) => file.split(path.sep)[1];

/** An error's own message shown to the user (a notice, an alert's text, JSX) instead of useErrorText's text. */
const RAW_MESSAGE = [
  /\b(?:notify|setFailure|setError)\(\s*(?:\w+ instanceof Error \? )?(?:e|err|error)\.message\b/,
  /\b(?:e|err|error) instanceof Error (?:\? |&& (?:e|err|error)\.message \? )(?:e|err|error)\.message\b/,
  /\{(?:e|err|error)\.message\}/,
  /\(e: Error\) => \{?\s*\w+\(e\.message\)/,
];

/**
 * The kit is the only way (issue #37): screens load data through usePortalQuery or react-admin's
 * hooks, never by hand in an effect; they show an error through useErrorText / useNotifyError, never its
 * raw message; and an area's screens import only their own area (shared pieces live in src/).
 */
describe('kit', () => {
  const screens = sources('resources');

  it('no screen calls the data provider inside useEffect', () => {
    const bad = screens.filter((f) => {
      const text = read(f);
      return text.includes('useEffect') && text.includes('dataProvider.');
    });
    expect(bad).toEqual([]);
  });

  it("no screen or kit part shows an error's raw message", () => {
    const files = [...screens, ...sources('src').filter((f) => !f.startsWith(path.join('src', 'auth')))];
    const bad = files.flatMap((f) =>
      read(f)
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => RAW_MESSAGE.some((p) => p.test(line)))
        .map(([line, n]) => `${f}:${n}: ${line.trim()}`),
    );
    expect(bad).toEqual([]);
  });

  it("an area's screens import no other area's files", () => {
    const bad = screens.flatMap((f) =>
      relativeImports(f)
        .filter((target) => target.split(path.sep)[0] === 'resources' && areaOf(target) !== areaOf(f))
        .map((target) => `${f} → ${target}`),
    );
    expect(bad).toEqual([]);
  });
});

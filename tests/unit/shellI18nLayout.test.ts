import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { zh } from '../../i18n/zh';
import { MESSAGE_ROOTS, SHARED_PORTAL_KEYS } from '../../i18n/layout';
import { pages, resources } from '../../src/registry';
import { read, sources } from './repoSources';

type Tree = { [key: string]: string | Tree };
const trees = { en: en as unknown as Tree, zh: zh as unknown as Tree };

/** The value at a dotted key path; keys may hold '/', as resource names and page paths do. */
function lookup(tree: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

/**
 * One key tree per screen (issue #23; i18n/layout.ts): a registered resource's texts under
 * resources.<name>, a custom page's under pages.<path>, only shell and cross-area texts under portal.
 */
describe('i18n layout: one key tree per screen', () => {
  it('the message trees have only the layout roots', () => {
    for (const [lang, tree] of Object.entries(trees)) {
      expect(
        Object.keys(tree).filter((k) => !(MESSAGE_ROOTS as readonly string[]).includes(k)),
        lang,
      ).toEqual([]);
    }
  });

  it('portal.* holds only the shell and texts shared between areas (the allow-list of i18n/layout.ts)', () => {
    for (const [lang, tree] of Object.entries(trees)) {
      const portal = tree.portal as Tree;
      expect(
        Object.keys(portal).filter((k) => !(SHARED_PORTAL_KEYS as readonly string[]).includes(k)),
        lang,
      ).toEqual([]);
      expect(
        SHARED_PORTAL_KEYS.filter((k) => !(k in portal)),
        `${lang}: allow-listed keys without texts`,
      ).toEqual([]);
    }
  });

  it('every registered resource and page has its menu label in its own tree', () => {
    // A sub-resource (records shown inside its parent's screens, no menu entry) may name a text of
    // its parent's tree, where the screens showing it keep their texts.
    const parentOf = (r: (typeof resources)[number]) => ('parent' in r && typeof r.parent === 'string' ? r.parent : undefined);
    const labelOk = (r: (typeof resources)[number]) => {
      const parent = parentOf(r);
      if (!parent) return r.options.label === `resources.${r.name}.menu`;
      return [r.name, parent].some((tree) => r.options.label.startsWith(`resources.${tree}.`));
    };
    const wrong = [
      ...resources.filter((r) => !labelOk(r)).map((r) => `${r.name}: ${r.options.label}`),
      ...pages.filter((p) => p.label !== `pages.${p.path}.menu`).map((p) => `${p.path}: ${p.label}`),
    ];
    expect(wrong).toEqual([]);
    for (const [lang, tree] of Object.entries(trees)) {
      const missing = [...resources.map((r) => r.options.label), ...pages.map((p) => p.label)].filter(
        (k) => typeof lookup(tree, k) !== 'string',
      );
      expect(missing, lang).toEqual([]);
    }
  });

  it('resources.* and pages.* name only registered screens', () => {
    const names = new Set(resources.map((r) => r.name));
    const paths = new Set(pages.map((p) => p.path));
    for (const [lang, tree] of Object.entries(trees)) {
      expect(
        Object.keys(tree.resources as Tree).filter((k) => !names.has(k)),
        `${lang}: resources`,
      ).toEqual([]);
      expect(
        Object.keys(tree.pages as Tree).filter((k) => !paths.has(k)),
        `${lang}: pages`,
      ).toEqual([]);
    }
  });

  it('every key the client code names exists in both languages', () => {
    // Literal keys ('…', "…", label="…") and the static heads of built ones (`resources.x.status.${s}`,
    // 'portal.' + k): a head ending in '.' must be a subtree, any other key a text or a subtree (a
    // constant naming a tree, `${RULES}.${rule}`).
    const keyRe = new RegExp(`(['"\`])((?:${MESSAGE_ROOTS.join('|')})\\.[A-Za-z0-9_/.-]*)(\\$\\{|['"\`])`, 'g');
    const bad: string[] = [];
    let checked = 0;
    for (const file of ['src', 'resources', 'dataProviders', 'common'].flatMap(sources)) {
      const text = read(file);
      for (const m of text.matchAll(keyRe)) {
        const [, open, key, close] = m;
        const dynamic = close === '${';
        if (!dynamic && close !== open) continue;
        if (dynamic && !key.endsWith('.')) continue; // a segment built in the middle: the UI tests see it
        checked++;
        const prefix = dynamic || key.endsWith('.');
        for (const [lang, tree] of Object.entries(trees)) {
          const v = lookup(tree, key.replace(/\.$/, ''));
          if (prefix ? typeof v !== 'object' : v === undefined) bad.push(`${file}: ${key}${dynamic ? '${…}' : ''} (${lang})`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(bad).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { zh } from '../../i18n/zh';
import { serverMessages } from '../../i18n/serverMessages';

/** Every leaf key of a message tree, as a dotted path. */
function leaves(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('i18n: every text in both languages', () => {
  it('the Chinese and English message trees have the same keys', () => {
    const zhKeys = new Set(leaves(zh));
    const enKeys = new Set(leaves(en));
    expect(
      [...zhKeys].filter((k) => !enKeys.has(k)),
      'keys in Chinese only',
    ).toEqual([]);
    expect(
      [...enKeys].filter((k) => !zhKeys.has(k)),
      'keys in English only',
    ).toEqual([]);
  });

  it('no text is empty in one language only, and the placeholders of a text are the same in both languages', () => {
    // Plural forms (smart_count, 'a |||| b') repeat a placeholder: compare the names used.
    const placeholders = (s: string) => [...new Set([...s.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
    const zhTexts = Object.fromEntries(
      leaves(zh).map((k) => [k, k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], zh)]),
    );
    const bad: string[] = [];
    for (const key of leaves(en)) {
      const enText = key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], en);
      const zhText = zhTexts[key];
      if (typeof enText !== 'string' || typeof zhText !== 'string') continue;
      // A text left empty on purpose is empty in both languages.
      if (!enText.trim() !== !zhText.trim()) bad.push(`${key}: empty in one language`);
      else if (placeholders(enText).join() !== placeholders(zhText).join())
        bad.push(`${key}: ${placeholders(enText)} / ${placeholders(zhText)}`);
    }
    expect(bad).toEqual([]);
  });

  it('every server message has both languages with the same placeholders', () => {
    const bad = Object.entries(serverMessages as Record<string, { zh?: string; en?: string }>).filter(([, m]) => {
      const names = (s = '') =>
        [...s.matchAll(/\{(\w+)\}/g)]
          .map((x) => x[1])
          .sort()
          .join();
      return !m.zh?.trim() || !m.en?.trim() || names(m.zh) !== names(m.en);
    });
    expect(bad.map(([k]) => k)).toEqual([]);
  });
});

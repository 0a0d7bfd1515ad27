import { getContrastRatio } from '@mui/system/colorManipulator';
import { describe, expect, it } from 'vitest';
import { BACKGROUNDS as GREYS, PALETTE, WHITE } from '../../src/palette';

/** The backgrounds text is drawn on: white, the theme's greys, a focused filled input. */
const BACKGROUNDS = [WHITE, ...Object.values(GREYS), '#f0f0f0'];

/** The palette reaches WCAG AA before e2e's axe-core run finds out (docs/shell.md "Accessibility (axe-core)"). */
describe('theme', () => {
  it.each(Object.entries(PALETTE))('%s: its text reaches 4.5:1 on every background, and white text on it', (name, colour) => {
    for (const bg of BACKGROUNDS) expect(getContrastRatio(colour, bg), `${name} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(WHITE, colour)).toBeGreaterThanOrEqual(4.5);
  });
});

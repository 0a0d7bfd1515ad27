/**
 * The theme's colours (src/theme.ts), apart so that tests/unit/shellTheme.test.ts checks them without react-admin.
 *
 * Every colour that draws text reaches WCAG AA (4.5:1) on white and on the greys the screens use
 * (BACKGROUNDS, and #f0f0f0: a focused filled input), and white text on it reaches 4.5:1 too;
 * ratios in docs/shell.md "Accessibility (axe-core)". axe-core checks them on every e2e screenshot.
 */
export const WHITE = '#ffffff';
export const PALETTE = {
  primary: '#0958d9', // 6.2:1 on white, 5.5:1 on #f0f2f5
  warning: '#ad4e00', // 5.4:1, 4.8:1
  info: '#01579b', // 7.4:1, 6.6:1
  error: '#c62828', // 5.6:1, 5.0:1
  success: '#237804', // 5.6:1, 5.0:1
} as const;

/** The greys behind text: the page, the table head, a form's toolbar (react-admin's #e0e0e0 leaves red at 4.3:1). */
export const BACKGROUNDS = { page: '#f0f2f5', tableHead: '#fafafa', toolbar: '#f5f5f5' } as const;

/**
 * The theme's colours (src/theme.ts), apart so that tests/unit/shellTheme.test.ts checks them without react-admin.
 *
 * Every colour that draws text reaches WCAG AA (4.5:1) on white and on the greys the screens use
 * (#f0f2f5 page, #fafafa table head, #f0f0f0 filled inputs), and white text on it reaches 4.5:1 too;
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

import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Console look: blue primary, light grey content background, compact tables. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: '#1677ff' }, secondary: { main: '#001529' }, background: { default: '#f0f2f5' } },
  sidebar: { width: 220, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, backgroundColor: '#fafafa' } } },
  },
};

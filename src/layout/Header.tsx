import { useState } from 'react';
import { AppBar, Box, Button, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import ApiIcon from '@mui/icons-material/Api';
import { useLogout, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { hasPermission, landingPage, visibleAreas } from '../../common/rules/shell/permissions';
import { clearScreenState, readUserInfo } from '../auth/storage';
import { availablePaths } from '../registry';
import { LanguageSwitch } from './LanguageSwitch';

/** Address of the external open-API page; the stored user info is posted to it after 1 s. */
export const OPEN_API_URL = '/openapi/index.html';
const OPEN_API_DELAY_MS = 1000;

/** Dark header: logo and system name, top menu by permission, greeting, language, About, API link, logout. */
export function Header() {
  const translate = useTranslate();
  const logout = useLogout();
  const location = useLocation();
  const info = readUserInfo();
  const perms = info?.permissionList ?? [];
  const [about, setAbout] = useState<HTMLElement | null>(null);
  const currentArea = location.pathname.split('/')[1];
  const areas = visibleAreas(perms)
    .map((area) => ({ area, to: landingPage(perms, availablePaths, area) }))
    .filter((a) => a.to !== '/newwelcome');

  const openApi = () => {
    const win = window.open(OPEN_API_URL, '_blank');
    setTimeout(() => win?.postMessage(sessionStorage.getItem('userinfo'), window.location.origin), OPEN_API_DELAY_MS);
  };

  return (
    <AppBar position="fixed" elevation={0} sx={{ bgcolor: '#001529', color: '#fff', zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1, minHeight: 56 }}>
        <Box component="img" src="/logo.svg" alt="" sx={{ width: 30, height: 30 }} />
        <Typography variant="h6" sx={{ fontSize: 17, fontWeight: 600, mr: 3, whiteSpace: 'nowrap' }}>
          {translate('portal.systemName')}
        </Typography>
        <Box component="nav" sx={{ display: 'flex', gap: 0.5, flex: 1 }}>
          {areas.map(({ area, to }) => (
            <Button
              key={area}
              component={Link}
              to={to}
              color="inherit"
              sx={{
                borderRadius: 0,
                borderBottom: currentArea === area ? '3px solid #1890ff' : '3px solid transparent',
                opacity: currentArea === area ? 1 : 0.8,
              }}
            >
              {translate(`portal.areas.${area}`)}
            </Button>
          ))}
        </Box>
        {hasPermission(perms, 'apiOpen', 'view') && (
          <Button color="inherit" startIcon={<ApiIcon />} onClick={openApi}>
            {translate('portal.apiOpen')}
          </Button>
        )}
        <Typography sx={{ mx: 1, whiteSpace: 'nowrap' }} data-testid="greeting">
          {translate('portal.greeting', { name: info?.username ?? '' })}
        </Typography>
        <LanguageSwitch />
        <Button color="inherit" startIcon={<InfoOutlinedIcon />} onClick={(e) => setAbout(e.currentTarget)}>
          {translate('portal.about')}
        </Button>
        <Menu anchorEl={about} open={Boolean(about)} onClose={() => setAbout(null)}>
          <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
            {translate('portal.aboutVersion', { version: translate('portal.version') })}
          </MenuItem>
        </Menu>
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => {
            clearScreenState();
            logout();
          }}
        >
          {translate('portal.logout')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}

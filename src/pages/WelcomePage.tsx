import { useEffect, useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { sessionApi } from '../../dataProviders/api/shell';
import { clearSession } from '../auth/storage';
import { LOGIN_PATH } from '../auth/authProvider';

/** 403-style page: clears stored user info and tab state, offers the way back to sign-in. */
export function WelcomePage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => clearSession(), []);
  // The server session is still open: without ending it, the login page's auto-login would bring
  // this user straight back here, and nobody else could sign in from this browser.
  const back = async () => {
    setLeaving(true);
    await sessionApi.logout().catch(() => undefined);
    navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: '#f0f2f5' }}>
      <Paper sx={{ p: 5, maxWidth: 520, textAlign: 'center' }}>
        <LockOutlinedIcon color="warning" sx={{ fontSize: 64 }} />
        <Typography variant="h4" sx={{ my: 2 }}>
          403 · {translate('portal.welcome.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('portal.welcome.text')}
        </Typography>
        <Button variant="contained" onClick={back} disabled={leaving}>
          {translate('portal.welcome.back')}
        </Button>
      </Paper>
    </Box>
  );
}

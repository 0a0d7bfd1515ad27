import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { sessionApi } from '../../dataProviders/api/shell';
import { afterLoginPath, storeSignedInUser } from '../auth/authProvider';
import { clearScreenState, KEYS } from '../auth/storage';
import { availablePaths } from '../registry';
import { Spinner } from '../kit/Progress';

const MAX_AUTO_LOGIN = 2;

/** Space rule of spec §5 (blank or containing a space). */
export function loginFieldError(value: string, kind: 'username' | 'password'): string | null {
  if (!value) return kind === 'username' ? 'portal.login.usernameRequired' : 'portal.login.passwordRequired';
  if (value.trim() === '' || /\s/.test(value)) return kind === 'username' ? 'portal.login.usernameSpace' : 'portal.login.passwordSpace';
  return null;
}

/** Sign-in screen (spec §2, §4): clears stored state on open, tries auto-login while the counter is below 2. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [touched, setTouched] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    clearScreenState();
    sessionStorage.removeItem(KEYS.tab);
    sessionStorage.removeItem(KEYS.userinfo);
    const count = Number(sessionStorage.getItem(KEYS.loginCount) ?? 0);
    if (count >= MAX_AUTO_LOGIN) return;
    sessionStorage.setItem(KEYS.loginCount, String(count + 1));
    sessionApi
      .autoLogin()
      .then((raw) => {
        if (!raw) return;
        const info = storeSignedInUser(raw);
        navigate(afterLoginPath(info, availablePaths), { replace: true });
      })
      .catch(() => undefined);
  }, [navigate]);

  const userError = touched ? loginFieldError(username, 'username') : null;
  const passError = touched ? loginFieldError(password, 'password') : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (loginFieldError(username, 'username') || loginFieldError(password, 'password')) return;
    setLoading(true);
    setMessage(null);
    try {
      await login({ username, password });
      sessionStorage.setItem(KEYS.loginCount, '0');
    } catch (err) {
      const key = (err as Error)?.message;
      if (key === 'portal.login.serverError') notify('portal.login.serverError', { type: 'error' });
      else setMessage(key || 'portal.login.failedUnknown');
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #001529 0%, #0b3d91 60%, #1890ff 100%)',
      }}
    >
      <Paper
        component="form"
        onSubmit={submit}
        noValidate
        elevation={8}
        sx={{ width: 380, p: 4, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <Box component="img" src="/logo.svg" alt="logo" sx={{ width: 44, height: 44 }} />
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              客户服务系统
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('portal.login.subtitle')}
            </Typography>
          </Box>
        </Box>
        {message && (
          <Alert severity="error" role="alert">
            {translate(message, { _: message })}
          </Alert>
        )}
        <TextField
          label={translate('portal.login.username')}
          placeholder="Username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          autoFocus
          error={Boolean(userError)}
          helperText={userError ? translate(userError) : ' '}
          inputProps={{ 'data-testid': 'username' }}
        />
        <TextField
          label={translate('portal.login.password')}
          placeholder="Password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          error={Boolean(passError)}
          helperText={passError ? translate(passError) : ' '}
          inputProps={{ 'data-testid': 'password' }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading}
          startIcon={loading ? <Spinner size={18} color="inherit" /> : null}
        >
          {translate('portal.login.submit')}
        </Button>
      </Paper>
    </Box>
  );
}

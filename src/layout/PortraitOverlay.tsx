import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import ScreenRotationIcon from '@mui/icons-material/ScreenRotation';

const query = '(orientation: portrait) and (pointer: coarse)';

/** On a touch device in portrait orientation, asks (in Chinese) for landscape and hides the app. */
export function PortraitOverlay() {
  const [portrait, setPortrait] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const onChange = () => setPortrait(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  if (!portrait) return null;
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        bgcolor: '#0b1a2b',
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <ScreenRotationIcon sx={{ fontSize: 64 }} />
      <Typography>为了更好的体验，请使用横屏浏览</Typography>
    </Box>
  );
}

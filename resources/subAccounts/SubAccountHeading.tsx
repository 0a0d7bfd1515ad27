import { Typography } from '@mui/material';

/** Page heading above the screens of this resource (the header bar carries no title). */
export function SubAccountHeading({ text }: { text: string }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>
      {text}
    </Typography>
  );
}

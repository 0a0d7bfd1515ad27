import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * The frame of the policy and rule pages (routed under the website, /dcdn/website/:id/policies/…
 * and …/rules/…): title, the save failure, the form, Save and Cancel (one step back), and what
 * goes below the form (the dry run).
 */
export function FormPage({ title, testId, failure, loading, onSave, children, below }: {
  title: string; testId: string; failure: string; loading?: boolean; onSave: () => void; children: ReactNode; below?: ReactNode;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }} data-testid={testId}>
      <Title title={title} />
      <Card>
        <CardContent>
          <Typography variant="h6" sx={{ mb: 2 }}>{title}</Typography>
          {loading ? null : (
            <Stack spacing={2}>
              {failure && <Alert severity="error">{failure}</Alert>}
              {children}
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={onSave} data-testid={`${testId.replace(/-page$/, '')}-save`}>{translate('resources.dcdn/website.save')}</Button>
                <Button onClick={() => navigate(-1)}>{translate('resources.dcdn/website.cancel')}</Button>
              </Stack>
            </Stack>
          )}
        </CardContent>
      </Card>
      {!loading && below}
    </Box>
  );
}

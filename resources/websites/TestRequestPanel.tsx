import { useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { WEBSITE_POLICY_RESOURCE, WEBSITE_RULE_RESOURCE } from '../../dataProviders/impapi/websites';
import type { Policy, Rule } from '../../common/wire/websites';
import { compileWebsite, isBlocking, type Decision, type EngineRequest } from '../../common/rules/websites/engine';
import { parseHeaders } from './RulePage';
import { useErrorText } from '../../src/kit/errorText';

/**
 * 'Test a request': the website's current policies and rules (as stored) compiled by the same
 * engine module (common/rules/wafEngine.ts) and run on the request the user fills in.
 */
export function TestRequestPanel({ websiteId }: { websiteId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [req, setReq] = useState<EngineRequest & { headersText: string }>({
    method: 'GET',
    url: '/',
    clientIp: '203.0.113.10',
    country: 'CN',
    userAgent: 'Mozilla/5.0 Chrome/120.0',
    referer: '',
    headers: {},
    headersText: '',
  });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [failure, setFailure] = useState('');
  const errorText = useErrorText();
  const t = (k: string) => translate(`resources.dcdn/website.test.${k}`);
  const run = async () => {
    try {
      // read from the server at each run (not react-admin's cache): the test is on what is stored now
      const stored = {
        target: 'websiteId',
        id: websiteId,
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' as const },
        filter: {},
      };
      const [{ data: policies }, { data: rules }] = await Promise.all([
        dataProvider.getManyReference<Policy>(WEBSITE_POLICY_RESOURCE, stored),
        dataProvider.getManyReference<Rule>(WEBSITE_RULE_RESOURCE, stored),
      ]);
      const evaluate = compileWebsite(policies, rules);
      setDecision(evaluate({ ...req, headers: Object.fromEntries(parseHeaders(req.headersText).map((h) => [h.name, h.value])) }));
      setFailure('');
    } catch (e) {
      setFailure(errorText(e));
    }
  };
  const field = (k: 'url' | 'clientIp' | 'country' | 'userAgent' | 'referer', width = 220) => (
    <TextField
      label={t(k)}
      value={req[k]}
      onChange={(e) => setReq({ ...req, [k]: e.target.value })}
      sx={{ minWidth: width }}
      inputProps={{ 'data-testid': `test-${k}` }}
    />
  );
  return (
    <Box data-testid="test-request">
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <TextField
          select
          label={t('method')}
          value={req.method}
          onChange={(e) => setReq({ ...req, method: e.target.value })}
          sx={{ minWidth: 100 }}
        >
          {['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'].map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        {field('url', 320)}
        {field('clientIp')}
        {field('country', 100)}
        {field('userAgent', 320)}
        {field('referer', 260)}
        <TextField
          label={t('headers')}
          value={req.headersText}
          onChange={(e) => setReq({ ...req, headersText: e.target.value })}
          multiline
          sx={{ minWidth: 320 }}
        />
        <Button variant="contained" onClick={() => void run()} data-testid="test-run">
          {t('run')}
        </Button>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {decision && (
        <Box sx={{ mt: 2 }} data-testid="test-decision">
          <Alert
            severity={
              isBlocking(decision.action) ? 'error' : decision.action === 'pass' || decision.action === 'allow' ? 'success' : 'warning'
            }
          >
            <Typography variant="subtitle1">
              {t('decision')}: <b data-testid="test-action">{translate(`resources.dcdn/website.test.action.${decision.action}`)}</b>
            </Typography>
            {decision.decidedBy ? (
              <Typography variant="body2">
                {t('decidedBy')}: {t(`kind.${decision.decidedBy.kind}`)} “{decision.decidedBy.name}” — {t('reason')}: {decision.reason}
              </Typography>
            ) : (
              <Typography variant="body2">{t('nothing')}</Typography>
            )}
          </Alert>
          {decision.matches.length > 0 && (
            <>
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                {t('matches')}
              </Typography>
              <List dense>
                {decision.matches.map((m, i) => (
                  <ListItem key={i}>
                    <Chip size="small" label={translate(`resources.dcdn/website.test.kind.${m.kind}`)} sx={{ mr: 1 }} />
                    <ListItemText
                      primary={`${m.name}: ${translate(`resources.dcdn/website.test.action.${m.action}`)}`}
                      secondary={m.reason}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Box>
      )}
    </Box>
  );
}

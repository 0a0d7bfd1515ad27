import { useCallback, useEffect, useState } from 'react';
import { Button, Chip, Switch, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProviders';
import type { Policy } from '../../common/wire/websiteTypes';
import { WAF_CATEGORIES } from '../../common/rules/websiteRules';
import { WEBSITE_RESOURCE } from '../../dataProviders/impapi/websites';

/** A website's protection policies: list, enable/disable, delete; adding and editing are pages (PolicyPage). */

export function PolicyPanel({ websiteId }: { websiteId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const navigate = useNavigate();
  const [policies, setPolicies] = useState<Policy[]>([]);
  const load = useCallback(() => void dataProvider.policyList(websiteId).then(setPolicies, () => setPolicies([])), [dataProvider, websiteId]);
  useEffect(load, [load]);
  const base = `/${WEBSITE_RESOURCE}/${websiteId}/policies`;
  const toggle = async (p: Policy) => {
    const { id, account: _a, createTime: _c, updateTime: _u, ...rest } = p;
    await dataProvider.policyUpdate(id, { ...rest, enabled: !p.enabled }).catch((e: Error) => notify(e.message, { type: 'error' }));
    load();
  };
  const remove = async (p: Policy) => {
    if (!window.confirm(translate('resources.dcdn/website.confirmDelete', { name: p.name }))) return;
    await dataProvider.policyDelete(p.id).then(() => notify('resources.dcdn/website.deleted', { type: 'success' }), (e: Error) => notify(e.message, { type: 'error' }));
    load();
  };
  const summary = (p: Policy) =>
    p.type === 3
      ? WAF_CATEGORIES.map((c) => `${translate(`resources.dcdn/website.wafCategory.${c}`)}: ${translate(`resources.dcdn/website.wafResponse.${p.waf[c]}`)}`).join('; ')
      : [...p.countries, ...p.ips, ...p.urls, ...p.clientAppIds].join(', ');
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => navigate(`${base}/create`)} data-testid="add-policy">{translate('resources.dcdn/website.addPolicy')}</Button>
      <Table size="small" data-testid="policy-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.dcdn/website.policy.name')}</TableCell>
            <TableCell>{translate('resources.dcdn/website.policy.type')}</TableCell>
            <TableCell>{translate('resources.dcdn/website.policy.description')}</TableCell>
            <TableCell>{translate('resources.dcdn/website.policy.enabled')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {policies.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{p.name}</TableCell>
              <TableCell><Chip size="small" label={translate(`resources.dcdn/website.policyType.${p.type}`)} /></TableCell>
              <TableCell sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis' }}>{p.description || summary(p)}</TableCell>
              <TableCell><Switch size="small" checked={p.enabled} onChange={() => void toggle(p)} /></TableCell>
              <TableCell>
                <Button size="small" onClick={() => navigate(`${base}/${p.id}`)}>{translate('resources.dcdn/website.edit')}</Button>
                <Button size="small" color="error" onClick={() => void remove(p)}>{translate('resources.dcdn/website.delete')}</Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

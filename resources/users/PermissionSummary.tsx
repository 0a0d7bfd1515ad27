import { Box, Chip, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { summarizePermissions } from '../../common/rules/shell/permissionCatalog';
import type { SubUserRecord } from '../../dataProviders/shiro/users';

const SHOWN = 4;

/** Rights of a row at a glance: operable modules filled, read-only outlined, the rest in a tooltip. */
export function PermissionSummary() {
  const record = useRecordContext<SubUserRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const s = summarizePermissions(record.permissions);
  if (s.all) return <Chip size="small" color="secondary" label={translate('resources.page/user.allRights')} />;
  const label = (m: string) => translate(`resources.page/user.modules.${m}`, { _: m });
  const items = [
    ...s.operation.map((m) => ({ key: `${m}-op`, text: label(m), operable: true })),
    ...s.view.map((m) => ({ key: `${m}-view`, text: label(m), operable: false })),
  ];
  if (s.logTabs.length && !s.operation.includes('log')) {
    items.push({ key: 'tabs', text: `${translate('resources.page/user.logTabsShort')} ×${s.logTabs.length}`, operable: false });
  }
  if (!items.length) return <span>{translate('resources.page/user.noRights')}</span>;
  const full = [
    s.operation.length ? `${translate('resources.page/user.levels.operation')}: ${s.operation.map(label).join(', ')}` : '',
    s.view.length ? `${translate('resources.page/user.levels.view')}: ${s.view.map(label).join(', ')}` : '',
    s.logTabs.length
      ? `${translate('resources.page/user.logTabsLabel')} ${s.logTabs.map((t) => translate(`resources.page/user.logTabs.${t}`)).join(', ')}`
      : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={full}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, maxWidth: 220 }} data-testid="permission-summary">
        {items.slice(0, SHOWN).map((i) => (
          <Chip
            key={i.key}
            size="small"
            label={i.text}
            color={i.operable ? 'primary' : 'default'}
            variant={i.operable ? 'filled' : 'outlined'}
          />
        ))}
        {items.length > SHOWN && <Chip size="small" label={`+${items.length - SHOWN}`} />}
      </Box>
    </Tooltip>
  );
}

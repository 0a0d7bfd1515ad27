import { Fragment, useMemo, type ReactNode } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Radio,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { ALL, LOG_TABS, type LogTab } from '../../common/rules/shell/permissions';
import {
  PERMISSION_AREAS,
  canGrant,
  permissionsToSelection,
  selectionToPermissions,
  type Level,
  type PermissionSelection,
} from '../../common/rules/shell/permissionCatalog';

const LEVEL_COLUMNS: readonly Level[] = ['none', 'view', 'operation'];

const levelString = (module: string, level: Exclude<Level, 'none'>) => `portal:${module}:${level}:*`;

export interface PermissionTableProps {
  /** The chosen permission strings. */
  value: readonly string[];
  onChange(next: string[]): void;
  /** Rights of the signed-in user: only these can be granted. */
  granter: readonly string[];
  /** Rights the edited user already holds: they may stay (or be removed) even if not grantable. */
  kept?: readonly string[];
  error?: ReactNode;
}

/**
 * The permission picker: modules grouped by area, each none / read-only / operable, log-analysis
 * tabs one by one, and 'all rights' for holders of portal:*. Choices the signed-in user could not
 * grant are disabled.
 */
export function PermissionTable({ value, onChange, granter, kept = [], error }: PermissionTableProps) {
  const translate = useTranslate();
  const sel = useMemo(() => permissionsToSelection(value), [value]);
  const allowed = (s: string) => canGrant(granter, s) || kept.includes(s);
  const emit = (next: PermissionSelection) => onChange(selectionToPermissions(next));
  const setLevel = (module: string, level: Level) => emit({ ...sel, modules: { ...sel.modules, [module]: level } });
  const toggleTab = (tab: LogTab, on: boolean) =>
    emit({ ...sel, logTabs: on ? [...sel.logTabs, tab] : sel.logTabs.filter((t) => t !== tab) });
  const showAll = allowed(ALL);
  const moduleLabel = (m: string) => translate(`resources.page/user.modules.${m}`, { _: m });
  const levelLabel = (l: Level) => translate(`resources.page/user.levels.${l}`);

  return (
    <Box data-testid="permission-picker" sx={{ maxWidth: 880 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('resources.page/user.permissionsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('resources.page/user.permissionsHelp')}
      </Typography>
      {showAll && (
        <FormControlLabel
          control={<Checkbox checked={sel.all} onChange={(e) => emit({ ...sel, all: e.target.checked })} />}
          label={translate('resources.page/user.allRights')}
        />
      )}
      <Table size="small" sx={{ opacity: sel.all ? 0.5 : 1, '& td, & th': { py: 0.25 } }} aria-disabled={sel.all}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.page/user.area')}</TableCell>
            <TableCell>{translate('resources.page/user.module')}</TableCell>
            {LEVEL_COLUMNS.map((l) => (
              <TableCell key={l} align="center">
                {levelLabel(l)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {PERMISSION_AREAS.map(({ area, modules }) => (
            <Fragment key={area}>
              {modules.map((module, i) => {
                const current = sel.modules[module] ?? 'none';
                return (
                  <Fragment key={module}>
                    <TableRow hover>
                      {i === 0 && (
                        <TableCell
                          rowSpan={modules.length + (modules.includes('log') ? 1 : 0)}
                          sx={{ fontWeight: 600, verticalAlign: 'top', bgcolor: 'action.hover', whiteSpace: 'nowrap' }}
                        >
                          {translate(`resources.page/user.areas.${area}`)}
                        </TableCell>
                      )}
                      <TableCell>{moduleLabel(module)}</TableCell>
                      {LEVEL_COLUMNS.map((level) => {
                        const enabled = !sel.all && (level === 'none' || level === current || allowed(levelString(module, level)));
                        return (
                          <TableCell key={level} align="center" padding="none">
                            <Radio
                              size="small"
                              checked={current === level}
                              disabled={!enabled}
                              onChange={() => setLevel(module, level)}
                              name={`perm-${module}`}
                              slotProps={{ input: { 'aria-label': `${moduleLabel(module)}: ${levelLabel(level)}` } }}
                            />
                          </TableCell>
                        );
                      })}
                    </TableRow>
                    {module === 'log' && (
                      <TableRow>
                        <TableCell colSpan={4} sx={{ pl: 4 }}>
                          <Typography variant="body2" color="text.secondary" component="span" sx={{ mr: 1 }}>
                            {translate('resources.page/user.logTabsLabel')}
                          </Typography>
                          {LOG_TABS.map((tab) => {
                            const implied = current === 'operation';
                            const s = `portal:log:${tab}:*`;
                            return (
                              <FormControlLabel
                                key={tab}
                                sx={{ mr: 1.5 }}
                                control={
                                  <Checkbox
                                    size="small"
                                    checked={implied || sel.logTabs.includes(tab)}
                                    disabled={sel.all || implied || (!allowed(s) && !sel.logTabs.includes(tab))}
                                    onChange={(e) => toggleTab(tab, e.target.checked)}
                                  />
                                }
                                label={translate(`resources.page/user.logTabs.${tab}`)}
                              />
                            );
                          })}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** The picker as a react-admin input on `source` (a list of permission strings). */
export function PermissionPickerInput({
  source,
  granter,
  kept,
  validate,
}: {
  source: string;
  granter: readonly string[];
  kept?: readonly string[];
  validate?: Validator;
}) {
  const { field, fieldState } = useInput({ source, validate, defaultValue: [] });
  const message = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <PermissionTable
      value={Array.isArray(field.value) ? field.value : []}
      onChange={(next) => {
        field.onChange(next);
        field.onBlur();
      }}
      granter={granter}
      kept={kept}
      error={message ? <ValidationError error={message} /> : undefined}
    />
  );
}

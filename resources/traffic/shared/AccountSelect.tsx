import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { readUserInfo } from '../../../src/auth/storage';
import { MultiSelect } from '../analysis/MultiSelect';
import { ALL_ACCOUNTS, flattenTree } from '../analysis/searchModel';

export { ALL_ACCOUNTS };

/** The accounts a search covers: the whole tree (account_all) for 'all', else the chosen ones. */
export function accountsToSend(selected: readonly string[]): string[] {
  const user = readUserInfo();
  if (selected.includes(ALL_ACCOUNTS) || selected.length === 0)
    return (user?.account_all ?? user?.account ?? '').split(',').filter(Boolean);
  return [...selected];
}

/** The user's account and its sub-accounts (user info treeData), indented; 'All accounts' covers the tree. */
export function AccountSelect({
  value,
  onChange,
  width = 220,
}: {
  value: string[];
  onChange: (accounts: string[]) => void;
  width?: number;
}) {
  const translate = useTranslate();
  const tree = readUserInfo()?.treeData;
  const options = useMemo(() => flattenTree(tree ?? []), [tree]);
  const title = (v: string) =>
    v === ALL_ACCOUNTS ? translate('portal.traffic.allAccounts') : (options.find((a) => a.value === v)?.title ?? v);
  const choose = (next: string[]) => {
    // 'All accounts' excludes single picks and the other way round.
    const added = next.find((v) => !value.includes(v));
    const picked = added === ALL_ACCOUNTS ? [ALL_ACCOUNTS] : next.filter((v) => v !== ALL_ACCOUNTS);
    onChange(picked.length ? picked : [ALL_ACCOUNTS]);
  };
  return (
    <MultiSelect
      label={translate('portal.traffic.accounts')}
      options={[ALL_ACCOUNTS, ...options.map((a) => a.value)]}
      value={value}
      onChange={choose}
      labelOf={title}
      width={width}
      renderOption={(v) => <Box sx={{ pl: v === ALL_ACCOUNTS ? 0 : (options.find((a) => a.value === v)?.depth ?? 0) * 2 }}>{title(v)}</Box>}
      testId="filter-accounts"
    />
  );
}

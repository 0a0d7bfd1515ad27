import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import type { TreeNode } from '../../src/auth/userInfo';

/** The node with this account and its subtree, if present. */
export function findSubtree(nodes: readonly TreeNode[], account: string): TreeNode | null {
  for (const n of nodes) {
    if (n.value === account) return n;
    const hit = findSubtree(n.children ?? [], account);
    if (hit) return hit;
  }
  return null;
}

interface TreeProps {
  nodes: readonly TreeNode[];
  value: readonly string[];
  onToggle(account: string, on: boolean): void;
  /** A checked ancestor covers its whole subtree (the server scopes by subtree). */
  covered?: boolean;
  depth?: number;
}

function AccountTree({ nodes, value, onToggle, covered = false, depth = 0 }: TreeProps) {
  return (
    <>
      {nodes.map((n) => {
        const checked = covered || value.includes(n.value);
        return (
          <Box key={n.value} sx={{ pl: depth * 3 }}>
            <FormControlLabel
              control={<Checkbox size="small" checked={checked} disabled={covered} onChange={(e) => onToggle(n.value, e.target.checked)} />}
              label={
                <span>
                  {n.title}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    ({n.value})
                  </Typography>
                </span>
              }
            />
            {n.children?.length ? (
              <AccountTree nodes={n.children} value={value} onToggle={onToggle} covered={checked} depth={depth + 1} />
            ) : null}
          </Box>
        );
      })}
    </>
  );
}

/**
 * Which accounts the sub-user may act for, as a tree of the signed-in user's accounts (readUserInfo().treeData).
 * Nothing checked: the sub-user's whole account tree.
 */
export function AccountTreeInput({ source, tree }: { source: string; tree: readonly TreeNode[] }) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const onToggle = (account: string, on: boolean) => {
    const node = findSubtree(tree, account);
    // Checking a parent makes its descendants' own ticks redundant.
    const below = new Set<string>();
    const walk = (list: readonly TreeNode[]) => list.forEach((c) => (below.add(c.value), walk(c.children ?? [])));
    if (node) walk(node.children ?? []);
    const next = on ? [...value.filter((a) => !below.has(a)), account] : value.filter((a) => a !== account);
    field.onChange(next);
  };
  return (
    <Box data-testid="account-tree" sx={{ mt: 2, mb: 1 }}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('resources.page/user.accountsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate('resources.page/user.accountsHelp')}
      </Typography>
      {tree.length ? (
        <AccountTree nodes={tree} value={value} onToggle={onToggle} />
      ) : (
        <Typography>{translate('resources.page/user.noAccounts')}</Typography>
      )}
    </Box>
  );
}

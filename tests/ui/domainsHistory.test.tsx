import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DomainVersion } from '../../common/wire/domains';
import { domainConfigOf } from '../../common/rules/domains/index';
import { HistoryTab } from '../../resources/domains/show/HistoryTab';
import { toDomainInput } from '../../resources/domains/form/formValues';
import { authFor, buildDomain, domainMethods, makeProvider, renderWithAdmin } from './domainFixtures';

const current = buildDomain({ id: 9, name: 'www.acme.example', context: 'now', scope: 'all', version: 2 });
const before = {
  ...current,
  context: '',
  scope: 'cn' as const,
  origins: [...current.origins, { role: 'backup' as const, type: 'ip' as const, address: '192.0.2.10', port: 8080, weight: 5 }],
};

function version(v: number, config: typeof current, action: DomainVersion['action'], isCurrent = false): DomainVersion {
  return {
    id: v,
    domainId: 9,
    domain: current.name,
    version: v,
    author: 'acme',
    time: '2026-05-0' + v + 'T08:00:00.000Z',
    action,
    summary: '',
    changes:
      action === 'update'
        ? [
            { field: 'scope', before: 'cn', after: 'all' },
            { field: 'context', before: '', after: 'now' },
          ]
        : [],
    config: domainConfigOf(toDomainInput(config)),
    current: isCurrent,
  };
}

function renderHistory(versions: DomainVersion[], operate = true) {
  const methods = { ...domainMethods(), domainHistory: vi.fn(async () => versions), domainRollback: vi.fn(async () => current) };
  renderWithAdmin(<HistoryTab domain={current} />, { dataProvider: makeProvider(methods as never), authProvider: authFor(operate) });
  return methods;
}

describe('version history', () => {
  it("says 'No history version' when there is none", async () => {
    renderHistory([]);
    expect(await screen.findByText('No history version')).toBeInTheDocument();
  });

  it('lists who changed what, compares a version with the current config and rolls back after confirmation', async () => {
    const u = userEvent.setup();
    const methods = renderHistory([version(2, current, 'update', true), version(1, before, 'create')]);
    const v2 = await screen.findByTestId('version-2');
    expect(within(v2).getByText('Current')).toBeInTheDocument();
    expect(within(v2).getByText('Acceleration scope, Remark')).toBeInTheDocument();
    expect(within(screen.getByTestId('version-1')).getByText('Domain created')).toBeInTheDocument();

    await u.click(screen.getByTestId('compare-1'));
    const diff = await screen.findByTestId('version-diff');
    const rows = within(diff)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toContain('Acceleration scopeMainland ChinaGlobal');
    expect(rows).toContain('Remark—now');
    expect(rows.find((r) => r?.startsWith('Origins'))).toContain('Backup · IP · 192.0.2.10:8080 · Weight 5');

    await u.click(within(screen.getByRole('dialog')).getByTestId('rollback-1'));
    expect(await screen.findByText('Roll back www.acme.example to version 1?')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(methods.domainRollback).toHaveBeenCalledWith('www.acme.example', 1));
  });

  it('offers no rollback to a view-only user', async () => {
    renderHistory([version(2, current, 'update', true), version(1, before, 'create')], false);
    await screen.findByTestId('version-1');
    expect(screen.queryByTestId('rollback-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('compare-1')).toBeInTheDocument();
  });
});

/**
 * Fixtures of the domain UI tests: a domain factory, a data provider whose domain calls are spies,
 * and render helpers inside react-admin's AdminContext with the real messages.
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { testDataProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { authFor, renderInAdmin } from './harness';
import type { Domain } from '../../common/wire/domains';
import { emptyDomainInput } from '../../common/rules/domains/index';

let nextId = 1;

export function buildDomain(overrides: Partial<Domain> = {}): Domain {
  const id = overrides.id ?? nextId++;
  const name = overrides.name ?? `site${id}.acme.example`;
  return {
    ...emptyDomainInput('download'),
    icp: '京ICP备12345678号-1',
    origins: [{ role: 'main', type: 'domain', address: 'origin.acme.example', port: 80, weight: 10 }],
    id,
    name,
    account: 'acme',
    belongDomainGroup: '',
    cname: `${name}.w.cdnportal.net`,
    status: 'on',
    operationState: 'configured',
    deliveryType: 'self',
    createdBy: 'acme',
    createTime: '2026-05-01T08:00:00.000Z',
    updateTime: '2026-05-02T08:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The domain verbs of the data provider, as spies with passing defaults. */
export function domainMethods() {
  return {
    domainCheckIcp: vi.fn(async () => ({ result: 200 as const, msg: 'success' })),
    domainTestUrl: vi.fn(async () => ({ result: 200 as const, msg: 'success' })),
    domainEnable: vi.fn(async (id: number) => buildDomain({ id, status: 'on', operationState: 'configuring' })),
    domainDisable: vi.fn(async (id: number) => buildDomain({ id, status: 'off', operationState: 'configuring' })),
    certificateMatchDomain: vi.fn(async () => [] as unknown[]),
    /** no edge nodes (issue #33): the list says nothing about them */
    domainEdgeNodes: vi.fn(async () => ({ total: 0, offline: [] as string[] })),
  };
}

export type DomainMethods = ReturnType<typeof domainMethods>;

export function makeProvider(methods: DomainMethods, standard: Partial<DataProvider> = {}): DataProvider & DomainMethods {
  return { ...testDataProvider(standard), ...methods };
}

/** canAccess as the server's permission list would answer it (view only: no writes). */
export { authFor };

export function renderWithAdmin(
  ui: ReactNode,
  { dataProvider, locale = 'en', authProvider }: { dataProvider: DataProvider; locale?: 'en' | 'zh'; authProvider?: AuthProvider },
) {
  return renderInAdmin(ui, { dataProvider, locale, authProvider, resource: 'cdn/domain' });
}

import type { FastifyInstance } from 'fastify';
import { call, cipher } from './helpers';
import { emptyDomainInput } from '../../common/rules/domains/index';
import type { Domain, DomainInput, DomainSearchParams, DomainSearchReply } from '../../common/wire/domains';

/** A valid new-domain input; override what a test is about. */
export function buildDomainInput(overrides: Partial<DomainInput> = {}): DomainInput {
  return {
    ...emptyDomainInput('download'),
    name: 'files.example-test.com',
    icp: '京ICP备12345678号-1',
    origins: [{ role: 'main', type: 'domain', address: 'origin.example-test.com', port: 80, weight: 10 }],
    testUrl: '/health',
    ...overrides,
  };
}

/** POST /api/domain/search, decrypted. */
export async function search(app: FastifyInstance, cookie: string, params: DomainSearchParams = {}): Promise<DomainSearchReply> {
  const r = await call(app, cookie, { method: 'POST', url: '/api/domain/search', payload: params });
  if (r.body.code !== '0') throw new Error(`search failed: ${r.body.code} ${r.body.msg}`);
  return cipher.decryptJson<DomainSearchReply>(r.body.data as string);
}

export async function findDomain(app: FastifyInstance, cookie: string, name: string): Promise<Domain | undefined> {
  return (await search(app, cookie, { name, pageSize: 50 })).list.find((d) => d.name === name);
}

/** Polls until the domain is configured (the issuing job ran). */
export async function waitConfigured(app: FastifyInstance, cookie: string, name: string, timeoutMs = 10_000): Promise<Domain> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const d = await findDomain(app, cookie, name);
    if (d?.operationState === 'configured') return d;
    if (Date.now() > end) throw new Error(`${name} still ${d?.operationState}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function addDomain(app: FastifyInstance, cookie: string, input: Partial<DomainInput> & { confirmBucket?: boolean }) {
  return call(app, cookie, { method: 'POST', url: '/api/domain/add', payload: buildDomainInput(input) });
}

import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, ok, portalEnvelope } from '../../../lib/envelope';
import { isSuperRole } from '../../../../common/rules/shell/permissions';
import { moduleAccess, requestedAccounts } from '../../../plugins/guard';
import { deleteDomain, domainNameTaken, insertDomain, listDomainSummaries, searchDomainPageKept } from '../../../stores/config/domains';
import { insertVersion } from '../../../stores/config/domainsVersions';
import {
  assertSettled,
  checkBuckets,
  commitChange,
  currentConfig,
  invalidReply,
  issueDue,
  loadDomain,
  resolveCertificate,
  resolveOwner,
} from '../../../services/domains';
import { listParam, toDomainInput, toSearchParams } from './domainRequest';
import { diffDomainConfig } from '../../../../common/rules/domains/diff';
import { domainConfigOf, normalizeDomainInput, validateDomainInput } from '../../../../common/rules/domains/index';
import {
  DomainAccountQuerySchema,
  DomainAddSchema,
  DomainDisableSchema,
  DomainSearchBodySchema,
  DomainUpdateSchema,
  type DomainSearchReply,
} from '../../../../common/wire/domains';
import { IdObject } from '../../../../common/wire/shell/schemas';
import { auditChange, auditObject } from '../../../lib/audit';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import { EncryptedSchema, replySchema } from '../../../lib/wireSchemas';

const { view, operation } = moduleAccess('domain');

/**
 * The encrypted reply of a kept search page (issue #22, load): a page kept by searchDomainPageKept
 * is one frozen object for its kept time, and its reply follows from it and the page parameters in
 * its key, so JSON and AES run once per kept page instead of once per call. Fresh pages (not kept)
 * leave with their entry.
 */
const encryptedPages = new WeakMap<object, string>();

const isUniqueViolation = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/** Domain list, search, add, update, delete, enable, disable (contract rows /api/domain/*). */
export const domainRoutes: TypedRoutes = async (app) => {
  const search = { body: DomainSearchBodySchema, response: replySchema(portalEnvelope, EncryptedSchema) };
  app.post('/api/domain/search', { config: view, schema: search }, async (request) => {
    const params = toSearchParams(request.body);
    const accounts = await requestedAccounts(request, params.account);
    const page = await searchDomainPageKept(app.db, accounts, params);
    let encrypted = encryptedPages.get(page);
    if (encrypted === undefined) {
      const reply: DomainSearchReply = {
        ...page,
        pageNum: params.pageNum ?? 1,
        current: params.pageNum ?? 1,
        pageSize: params.pageSize ?? 20,
      };
      encrypted = app.cipher.encryptJson(reply);
      encryptedPages.set(page, encrypted);
    }
    return ok(encrypted);
  });

  app.get(
    '/api/domain/list',
    {
      config: view,
      schema: { querystring: DomainAccountQuerySchema, response: replySchema(portalEnvelope, EncryptedSchema) },
    },
    async (request) => {
      const { account } = request.query;
      const accounts = await requestedAccounts(request, listParam(account));
      return ok(app.cipher.encryptJson(await listDomainSummaries(app.db, accounts)));
    },
  );

  app.post('/api/domain/add', { config: operation, schema: { body: DomainAddSchema } }, async (request) => {
    const body = request.body;
    const input = normalizeDomainInput(toDomainInput(body));
    const errors = validateDomainInput(input);
    if (errors.length) return invalidReply(request, errors);
    if (await domainNameTaken(app.db, input.name)) return invalidReply(request, [{ field: 'name', message: 'domainNameExists' }]);
    const owner = await resolveOwner(request, input.account);
    let config = domainConfigOf(input);
    config = await resolveCertificate(app.db, request, config, owner.account);
    await checkBuckets(app.db, config, 0, body.confirmBucket);
    try {
      const created = await app.db.transaction(async (tx) => {
        const createdBy = request.user?.username ?? '';
        const domain = await insertDomain(tx, { name: input.name, ...owner, config, createdBy, issueDue: issueDue(app.config) });
        await insertVersion(tx, {
          domainId: domain.id,
          version: 1,
          author: domain.createdBy,
          action: 'create',
          changes: [],
          summary: 'create',
          config,
        });
        return domain;
      });
      auditObject(request, { type: 'domain', id: created.id, name: created.name });
      auditChange(request, null, { status: created.status, ...currentConfig(created) });
      return ok(created);
    } catch (e) {
      if (isUniqueViolation(e)) return invalidReply(request, [{ field: 'name', message: 'domainNameExists' }]);
      throw e;
    }
  });

  app.post('/api/domain/update', { config: operation, schema: { body: DomainUpdateSchema } }, async (request) => {
    const body = request.body;
    const domain = await loadDomain(request, { id: body.id });
    assertSettled(domain);
    if (body.name !== undefined && body.name.trim().toLowerCase() !== domain.name) throw fail('domainNameImmutable');
    const input = normalizeDomainInput({ ...toDomainInput(body), name: domain.name });
    // A domain created by staff with a type not offered on add keeps it.
    const errors = validateDomainInput(input).filter((e) => !(e.field === 'type' && input.type === domain.type));
    if (errors.length) return invalidReply(request, errors);
    let config = domainConfigOf(input);
    config = await resolveCertificate(app.db, request, config, domain.account);
    await checkBuckets(app.db, config, domain.id, body.confirmBucket);
    const same = !diffDomainConfig(currentConfig(domain), config).length;
    return ok(
      await writeIfUnchanged(request, 'domains', domain.id, body.updateTime, async (db) =>
        same ? domain : commitChange(request, domain, config, 'update', { db }),
      ),
    );
  });

  app.post('/api/domain/delete', { config: operation, schema: { body: IdObject } }, async (request) => {
    const domain = await loadDomain(request, { id: request.body.id });
    if (domain.operationState === 'configuring') throw fail('domainConfiguring');
    await deleteDomain(app.db, domain.id);
    auditChange(request, { status: domain.status, ...currentConfig(domain) }, null);
    return ok(null);
  });

  app.post('/api/domain/enable', { config: operation, schema: { body: IdObject } }, async (request) => {
    const domain = await loadDomain(request, { id: request.body.id });
    if (domain.operationState === 'configuring') throw fail('domainConfiguring');
    if (domain.status === 'freeze' && !isSuperRole(request.user?.role ?? '')) throw fail('domainFrozen');
    if (domain.status === 'on') return ok(domain);
    return ok(await commitChange(request, domain, currentConfig(domain), 'enable', { status: 'on' }));
  });

  app.post('/api/domain/disable', { config: operation, schema: { body: DomainDisableSchema } }, async (request) => {
    const { id, freeze } = request.body;
    const domain = await loadDomain(request, { id });
    if (freeze && !isSuperRole(request.user?.role ?? '')) throw fail('domainFreezeStaffOnly');
    if (domain.operationState === 'configuring') throw fail('domainConfiguring');
    const target = freeze ? 'freeze' : 'off';
    if (!freeze) assertSettled(domain);
    if (domain.status === target) return ok(domain);
    return ok(await commitChange(request, domain, currentConfig(domain), 'disable', { status: target }));
  });
};

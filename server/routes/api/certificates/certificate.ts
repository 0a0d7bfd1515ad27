import type { TypedRoutes } from '../../../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { X509Certificate } from 'node:crypto';
import { ok, fail, portalEnvelope } from '../../../lib/envelope';
import { hasPermission } from '../../../../common/rules/shell/permissions';
import { requestedAccounts } from '../../../plugins/guard';
import { accountLineage, getCertificateMaterial, listCertificates } from '../../../stores/config/certificates';
import { keyVaultFor } from '../../../lib/keyVault';
import { zip } from '../../../lib/zip';
import { isOwned, listingFilter, loadVisible, renderLog, staffOnly, toWire, userTypeOf } from '../../../services/certificates';
import {
  CertificateListSchema,
  CertificateMatchRequestSchema,
  CertificateSearchReplySchema,
  CertificateSearchSchema,
  type CertificateChainEntry,
  type CertificateDeletionStatus,
  type CertificateDetails,
  type CertificateMatch,
  type CertificateName,
  type CertificateProvider,
  type CertificateSearchReply,
} from '../../../../common/wire/certificates';
import { IdObject } from '../../../../common/wire/shell/schemas';
import { replySchema } from '../../../lib/wireSchemas';

const VIEW = { module: 'certificate', access: 'view' } as const;
const ByAccount = Type.Object({ account: Type.Optional(Type.String()) });

const chainOf = (pem: string): CertificateChainEntry[] =>
  (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? []).map((block) => {
    const c = new X509Certificate(block);
    return {
      subject: c.subject.split('\n').join(', '),
      issuer: c.issuer.split('\n').join(', '),
      serial: c.serialNumber.toUpperCase(),
      awardedTime: new Date(Date.parse(c.validFrom)).toISOString(),
      expireTime: new Date(Date.parse(c.validTo)).toISOString(),
    };
  });

/** ASCII file name for the header plus the UTF-8 form for names in Chinese. */
function disposition(name: string, ext: string, id: number): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || `certificate-${id}`;
  return `attachment; filename="${ascii}${ext}"; filename*=UTF-8''${encodeURIComponent(name.trim() || ascii)}${ext}`;
}

/**
 * Certificate reads (contract rows GET account, all, username, download, deling, providerDetails,
 * allName, details; POST search, match/domain); the writes are in certificateWrite.ts.
 */
const certificateList = replySchema(portalEnvelope, CertificateListSchema);

export const certificateRoutes: TypedRoutes = async (app) => {
  const db = app.db;

  app.get('/api/certificate/account', { config: VIEW, schema: { querystring: ByAccount, response: certificateList } }, async (request) => {
    const { account } = request.query;
    const filter = await listingFilter(request);
    if (account) filter.accounts = await requestedAccounts(request, account);
    return ok(await toWire(request, (await listCertificates(db, filter)).rows));
  });

  app.get('/api/certificate/all', { config: VIEW, schema: { response: certificateList } }, async (request) => {
    if (userTypeOf(request.user!) !== 3) throw staffOnly();
    return ok(await toWire(request, (await listCertificates(db, { accounts: null })).rows));
  });

  app.get(
    '/api/certificate/username',
    { config: VIEW, schema: { querystring: Type.Object({ username: Type.Optional(Type.String()) }), response: certificateList } },
    async (request) => {
      const { username } = request.query;
      const filter = await listingFilter(request);
      const wanted = username || request.user!.username;
      if (filter.username !== undefined && filter.username !== wanted) return ok([]);
      if (filter.username === undefined) filter.username = wanted;
      return ok(await toWire(request, (await listCertificates(db, filter)).rows));
    },
  );

  const search = { body: CertificateSearchSchema, response: replySchema(portalEnvelope, CertificateSearchReplySchema) };
  app.post('/api/certificate/search', { config: VIEW, schema: search }, async (request) => {
    const body = request.body;
    const filter = await listingFilter(request);
    if (body.account?.length) filter.owners = (await requestedAccounts(request, body.account)) ?? undefined;
    const pageNum = body.pageNum ?? 1;
    const pageSize = body.pageSize ?? 10;
    const { rows, total } = await listCertificates(
      db,
      { ...filter, name: body.name?.trim() || undefined, domain: body.domain?.trim() || undefined, expiry: body.expiry, ids: body.ids },
      { pageNum, pageSize, sortField: body.sortField, sortOrder: body.sortOrder },
    );
    const reply: CertificateSearchReply = { list: await toWire(request, rows), total, pageNum, pageSize };
    return ok(reply);
  });

  app.get('/api/certificate/details/:id', { config: VIEW, schema: { params: IdObject } }, async (request) => {
    const row = await loadVisible(request, request.params.id);
    const [wire] = await toWire(request, [row]);
    const material = await getCertificateMaterial(db, row.id);
    const details: CertificateDetails = { ...wire, certificate: material?.certPem ?? '', chain: chainOf(material?.certPem ?? '') };
    return ok(details);
  });

  app.get('/api/certificate/providerDetails/:id', { config: VIEW, schema: { params: IdObject } }, async (request) => {
    const row = await loadVisible(request, request.params.id);
    const material = await getCertificateMaterial(db, row.id);
    const provider: CertificateProvider = {
      brand: row.brand,
      organization: row.issuerOrganization,
      department: row.issuerDepartment,
      country: row.issuerCountry,
      commonName: row.issuerCommonName,
      chain: chainOf(material?.certPem ?? ''),
    };
    return ok(provider);
  });

  app.get('/api/certificate/allName', { config: VIEW, schema: { querystring: ByAccount } }, async (request) => {
    const { account } = request.query;
    const accounts = await requestedAccounts(request, account);
    const { rows } = await listCertificates(db, { accounts }, { pageNum: 1, pageSize: 10_000, sortField: 'name', sortOrder: 'ASC' });
    const names: CertificateName[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      commonName: r.commonName,
      account: r.account,
      expireTime: new Date(r.expireTime).toISOString(),
    }));
    return ok(names);
  });

  app.post('/api/certificate/match/domain', { config: VIEW, schema: { body: CertificateMatchRequestSchema } }, async (request) => {
    const { domain, account } = request.body;
    const scope = await request.scope();
    const accounts = scope.all ? null : scope.accounts;
    let usableBy: { account: string; lineage: string[] } | undefined;
    if (account) {
      const own = account.replace('@+@', '');
      if (!scope.has(own)) return ok([]);
      usableBy = { account: own, lineage: await accountLineage(db, own) };
    }
    const { rows } = await listCertificates(
      db,
      { accounts, usableBy, covers: domain, usableOnly: true },
      { pageNum: 1, pageSize: 1000, sortField: 'expireTime' },
    );
    const matches: CertificateMatch[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      commonName: r.commonName,
      account: r.account,
      expireTime: new Date(r.expireTime).toISOString(),
      dnsNames: r.dnsNames,
      brand: r.brand,
    }));
    return ok(matches);
  });

  app.get('/api/certificate/deling/:id', { config: VIEW, schema: { params: IdObject } }, async (request) => {
    const row = await loadVisible(request, request.params.id, true);
    const status = ({ 2: 0, 1: 1, 3: 2 } as const)[row.logicDelete as 1 | 2 | 3];
    if (status === undefined) throw fail('certificateNotDeleting');
    const reply: CertificateDeletionStatus = { operationStatus: status, log: renderLog(request, row.deleteLog) };
    return ok(reply);
  });

  app.get('/api/certificate/download/:id', { config: VIEW, schema: { params: IdObject } }, async (request, reply) => {
    const row = await loadVisible(request, request.params.id);
    const material = await getCertificateMaterial(db, row.id);
    if (!material?.certPem) throw fail('certificateDeleting');
    // The key only for the operation right on an owned certificate; everyone else gets the public chain.
    const withKey = hasPermission(request.user!.permissions, 'certificate', 'operation') && isOwned(await request.scope(), row);
    reply.header('cache-control', 'no-store');
    if (!withKey) {
      reply.header('content-type', 'application/x-pem-file').header('content-disposition', disposition(row.name, '.pem', row.id));
      return material.certPem;
    }
    let keyPem: string;
    try {
      keyPem = keyVaultFor(app.config).open(material.keyEncrypted);
    } catch (err) {
      request.log.error({ err, certificate: row.id }, 'certificate key cannot be decrypted (key secret changed?)');
      throw fail('certificateKeyUnreadable');
    }
    const base = disposition(row.name, '', row.id).match(/filename="([^"]*)"/)?.[1] ?? `certificate-${row.id}`;
    reply.header('content-type', 'application/zip').header('content-disposition', disposition(row.name, '.zip', row.id));
    return zip([
      { name: `${base}.pem`, data: material.certPem },
      { name: `${base}.key`, data: keyPem },
    ]);
  });
};

import dns from 'node:dns/promises';
import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { moduleAccess } from '../../../plugins/guard';
import { fail, impapiOk } from '../../../lib/envelope';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import { issueDue } from '../../../services/domains';
import {
  assertMayProtect,
  chooseProtectionAddress,
  fieldRefusal,
  ownershipChallenge,
  ownershipVerify,
  ownWebsite,
  randomProtectionAddress,
} from '../../../services/websites';
import { probeOrigin } from '../../../lib/originProbe';
import { listCertificates } from '../../../stores/config/certificates';
import { getWebsite, insertWebsite, listWebsites, setWebsiteEnabled, storeCheck, updateWebsite } from '../../../stores/config/websites';
import { parseOrigin, validateWebsite, type WebsiteInput } from '../../../../common/rules/websites/index';
import { formatDomainMessage } from '../../../../common/rules/domains/messages';
import {
  CertificateSearchQuerySchema,
  OwnershipChallengeSchema,
  OwnershipVerifySchema,
  WebsiteCreateSchema,
  WebsiteListQuerySchema,
  WebsiteUpdateSchema,
  type CertificateOption,
  type OriginCheck,
  type PortErrorData,
  type WebsiteCreate,
} from '../../../../common/wire/websites';
import { Id32Body, Id32Params } from '../../../../common/wire/shell/schemas';

/**
 * Protected websites (issue #18): list, detail, create, update, enable, disable, checkConfig,
 * getPortErrorData, the certificate search by name coverage and the random protection address
 * (contract rows /impapi/protection/application/manager/*, /impapi/certificate/search,
 * /impapi/protection/common/randomDoamin; module website), and the ownership proofs of names outside
 * the contract (issue #35: ownership/challenge, ownership/verify; a name is protected only by its
 * owner). A write is issued asynchronously: configuring until server/jobs/websiteIssuing.ts completes
 * it. Another tenant's website answers like a missing one.
 */

const { view, operation } = moduleAccess('website');

export const websiteRoutes: TypedRoutes = async (app) => {
  /** Normalises and validates a body (throws the first problem's message), certificate coverage included. */
  const inputOf = async (request: FastifyRequest, body: WebsiteCreate, current?: { id: number; domain: string }): Promise<WebsiteInput> => {
    const input: WebsiteInput = {
      domain: body.domain.trim().toLowerCase(),
      originType: body.originType,
      lbMode: body.originType === 'single' ? 'least_pending' : body.lbMode,
      origins: body.origins.map((o) => ({ ...o, address: o.address.trim() })),
      remark: body.remark ?? '',
      certificateId: body.certificateId ?? null,
      hsts: body.hsts ?? { enabled: false, maxAge: 31_536_000, includeSubdomains: false },
      enabled: body.enabled ?? true,
    };
    const problems = validateWebsite(input);
    if (problems.length) throw fieldRefusal(problems[0], input);
    // An update that keeps its name keeps it (websites from before the ownership rule included).
    if (input.domain !== current?.domain.toLowerCase()) await assertMayProtect(request, input.domain, current?.id);
    if (input.certificateId !== null) {
      const covering = await coveringCertificates(request, input.domain);
      if (!covering.some((c) => c.id === input.certificateId)) throw fail('wafCertificateNotCovering');
    }
    return input;
  };

  /** The caller's usable certificates whose names cover the domain (exact or wildcard). */
  const coveringCertificates = async (request: FastifyRequest, domain: string): Promise<CertificateOption[]> => {
    const scope = await request.scope();
    const { rows } = await listCertificates(
      app.db,
      { accounts: scope.all ? null : scope.accounts, covers: domain, usableOnly: true },
      { pageNum: 1, pageSize: 200, sortField: 'expireTime' },
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      commonName: r.commonName,
      dnsNames: r.dnsNames,
      expireTime: new Date(r.expireTime).toISOString(),
    }));
  };

  app.get(
    '/impapi/protection/application/manager/list',
    { config: view, schema: { querystring: WebsiteListQuerySchema } },
    async (request) => {
      const q = request.query;
      const scope = await request.scope();
      const all = await listWebsites(app.db, scope.all ? null : scope.accounts, { domain: q.domain?.trim() || undefined });
      const pageNum = q.pageNum ?? 1;
      const pageSize = q.pageSize ?? 20;
      return impapiOk({ list: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length, pageNum, pageSize });
    },
  );

  app.get('/impapi/protection/application/manager/detail/:id', { config: view, schema: { params: Id32Params } }, async (request) => {
    return impapiOk(await ownWebsite(request, request.params.id));
  });

  app.post(
    '/impapi/protection/application/manager/create',
    { config: operation, schema: { body: WebsiteCreateSchema } },
    async (request) => {
      const body = request.body;
      const input = await inputOf(request, body);
      const protectionAddress = await chooseProtectionAddress(app, body.protectionAddress);
      const id = await insertWebsite(app.db, request.user!.account, { ...input, protectionAddress }, issueDue(app.config));
      return impapiOk(await getWebsite(app.db, id));
    },
  );

  app.post(
    '/impapi/protection/application/manager/update',
    { config: operation, schema: { body: WebsiteUpdateSchema } },
    async (request) => {
      const body = request.body;
      const website = await ownWebsite(request, body.id);
      if (website.status === 'configuring') throw fail('wafConfiguring');
      const input = await inputOf(request, body, website);
      await writeIfUnchanged(request, 'websites', website.id, body.updateTime, (db) =>
        updateWebsite(db, website.id, input, issueDue(app.config)),
      );
      return impapiOk(await getWebsite(app.db, website.id));
    },
  );

  app.post(
    '/impapi/protection/application/ownership/challenge',
    { config: operation, schema: { body: OwnershipChallengeSchema } },
    async (request) => impapiOk(await ownershipChallenge(request, request.body.domain)),
  );

  app.post(
    '/impapi/protection/application/ownership/verify',
    { config: operation, schema: { body: OwnershipVerifySchema } },
    async (request) => impapiOk(await ownershipVerify(request, request.body.domain, request.body.method)),
  );

  const toggle = (enabled: boolean) => async (request: FastifyRequest) => {
    const website = await ownWebsite(request, (request.body as { id: number }).id);
    if (website.status === 'configuring') throw fail('wafConfiguring');
    await setWebsiteEnabled(app.db, website.id, enabled, issueDue(app.config));
    return impapiOk(await getWebsite(app.db, website.id));
  };
  app.post('/impapi/protection/application/manager/enable', { config: operation, schema: { body: Id32Body } }, toggle(true));
  app.post('/impapi/protection/application/manager/disable', { config: operation, schema: { body: Id32Body } }, toggle(false));

  // The check: resolve the website's domain, then a HEAD to every origin (time-out, private
  // addresses only when PORTAL_ALLOW_PRIVATE_ORIGINS=1); the per-origin result is stored.
  app.post('/impapi/protection/application/manager/checkConfig', { config: operation, schema: { body: Id32Body } }, async (request) => {
    const website = await ownWebsite(request, request.body.id);
    const timeoutMs = app.config.checkTimeoutMs;
    let domainAddresses: string[];
    try {
      const lookup = dns.lookup(website.domain.replace(/^\*\./, 'www.'), { all: true });
      const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref());
      domainAddresses = (await Promise.race([lookup, timer])).map((a) => a.address);
    } catch {
      domainAddresses = [];
    }
    const results: OriginCheck[] = await Promise.all(
      website.origins.map(async (o): Promise<OriginCheck> => {
        const parsed = parseOrigin(o.address);
        if (!parsed) return { address: o.address, host: o.address, port: 0, ok: false, reason: request.t('wafFormatError') };
        const outcome = await probeOrigin(
          { address: parsed.host, port: parsed.port, protocol: parsed.protocol, host: website.domain.replace(/^\*\./, 'www.'), path: '/' },
          app.config.allowPrivateOrigins,
          timeoutMs,
          { method: 'HEAD' },
        );
        const base = { address: o.address, host: parsed.host, port: parsed.port };
        if (outcome.ok) return { ...base, ok: true, status: outcome.status };
        // An HTTP answer below 500 means the port serves HTTP: reachable.
        if (outcome.key === 'domainProbeStatus' && Number(outcome.args.status) < 500)
          return { ...base, ok: true, status: Number(outcome.args.status) };
        return { ...base, ok: false, reason: formatDomainMessage(request.t(outcome.key), outcome.args) };
      }),
    );
    await storeCheck(app.db, website.id, results);
    return impapiOk({
      id: website.id,
      domainResolved: domainAddresses.length > 0,
      domainAddresses,
      domainMessage: domainAddresses.length ? '' : formatDomainMessage(request.t('wafCheckDns'), { domain: website.domain }),
      origins: results,
      ok: results.every((r) => r.ok),
    });
  });

  app.get(
    '/impapi/protection/application/manager/getPortErrorData/:id',
    { config: view, schema: { params: Id32Params } },
    async (request) => {
      const website = await ownWebsite(request, request.params.id);
      const data: PortErrorData = {
        checkTime: website.checkTime,
        errors: website.checkResult
          .filter((r) => !r.ok)
          .map((r) => ({ address: r.address, host: r.host, port: r.port, reason: r.reason ?? '' })),
      };
      return impapiOk(data);
    },
  );

  app.get('/impapi/certificate/search', { config: view, schema: { querystring: CertificateSearchQuerySchema } }, async (request) =>
    impapiOk(await coveringCertificates(request, request.query.domain)),
  );

  app.get('/impapi/protection/common/randomDoamin', { config: view }, async () => impapiOk(await randomProtectionAddress(app)));
};

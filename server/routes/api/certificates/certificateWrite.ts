import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok, fail } from '../../../lib/envelope';
import { namesCover, normaliseDomain, parseUpload } from '../../../lib/x509';
import { keyVaultFor } from '../../../lib/keyVault';
import { getAccount } from '../../../stores/config/usersAccounts';
import {
  clearDeletion,
  getCertificate,
  insertCertificate,
  markDeleting,
  nameTaken,
  renameCertificate,
  replaceMaterial,
  setSharing,
} from '../../../stores/config/certificates';
import { changeBindings, domainsUsing, findDomains, httpsDomainsUsing } from '../../../stores/config/certificatesDomains';
import { refreshCertificateName } from '../../../stores/config/domains';
import { certificateAuditState, isOwned, loadOwned, loadVisible, renderLog, toWire } from '../../../services/certificates';
import { auditChange, auditObject } from '../../../lib/audit';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import {
  CertificateBindSchema,
  CertificateRenameSchema,
  CertificateUpdateSchema,
  CertificateUploadSchema,
  type CertificateBindReply,
  type CertificateDeletionStatus,
} from '../../../../common/wire/certificates';
import { IdObject } from '../../../../common/wire/shell/schemas';

const OPERATION = { module: 'certificate', access: 'operation' } as const;
const MAX_NAME = 64;

/** Name rules: required ('Cannot be empty'), at most 64 characters. */
function checkName(name: string | undefined): string {
  const n = (name ?? '').trim();
  if (!n) throw fail('certificateNameEmpty');
  if (n.length > MAX_NAME) throw fail('certificateNameTooLong');
  return n;
}

/** Share settings: sharing needs at least one account, each one the caller may choose. */
async function checkSharing(request: FastifyRequest, share: boolean, accounts: string[] | undefined): Promise<string[]> {
  if (!share) return [];
  const list = [...new Set((accounts ?? []).map((a) => a.replace('@+@', '').trim()).filter(Boolean))];
  if (!list.length) throw fail('certificateShareAccountRequired');
  const scope = await request.scope();
  for (const a of list) {
    if (!scope.has(a) || !(await getAccount(request.server.db, a))) throw fail('certificateAccountInvalid');
  }
  return list;
}

const sameNames = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

/** Certificate writes (contract rows POST add, update, rename, delete/{id}, clear/{id}, batch/bind/domain). */
export const certificateWriteRoutes: TypedRoutes = async (app) => {
  const db = app.db;
  const vault = keyVaultFor(app.config);

  app.post(
    '/api/certificate/add',
    {
      config: OPERATION,
      schema: {
        body: CertificateUploadSchema,
      },
    },
    async (request) => {
      const body = request.body;
      const name = checkName(body.name);
      const shareAccounts = await checkSharing(request, Boolean(body.share), body.shareAccounts);
      const parsed = parseUpload(body.certificate, body.privateKey);
      const user = request.user!;
      const account = body.account?.replace('@+@', '') || user.account;
      const scope = await request.scope();
      if (!scope.has(account) || !(await getAccount(db, account))) throw fail('certificateAccountInvalid');
      if (await nameTaken(db, account, name)) throw fail('certificateNameUsed');
      const id = await insertCertificate(db, {
        name,
        account,
        username: user.username,
        facts: parsed.facts,
        certPem: parsed.chainPem,
        keyEncrypted: vault.seal(parsed.keyPem),
        share: shareAccounts.length > 0,
        shareAccounts,
      });
      const created = (await getCertificate(db, id))!;
      auditObject(request, { type: 'certificate', id, name });
      auditChange(request, null, certificateAuditState(created));
      const [wire] = await toWire(request, [created]);
      return ok(wire, request.t('certificateUploadSuccessful'));
    },
  );

  app.post(
    '/api/certificate/update',
    {
      config: OPERATION,
      schema: {
        body: CertificateUpdateSchema,
      },
    },
    async (request) => {
      const body = request.body;
      const row = await loadOwned(request, body.id);
      const renew = Boolean(body.certificate?.trim() || body.privateKey?.trim());
      const shareAccounts = body.share === undefined ? null : await checkSharing(request, body.share, body.shareAccounts);
      let parsed: ReturnType<typeof parseUpload> | null = null;
      if (renew) {
        if (!body.certificate?.trim() || !body.privateKey?.trim()) throw fail('certificateRenewIncomplete');
        parsed = parseUpload(body.certificate, body.privateKey);
        // A renewal serves the same names; anything else is a different certificate.
        if (!sameNames(parsed.facts.dnsNames, row.dnsNames)) throw fail('certificateNamesDiffer');
      }
      await writeIfUnchanged(request, 'certificates', row.id, body.updateTime, (w) =>
        w.transaction(async (tx) => {
          if (parsed) await replaceMaterial(tx, row.id, parsed.facts, parsed.chainPem, vault.seal(parsed.keyPem));
          if (shareAccounts) await setSharing(tx, row.id, shareAccounts.length > 0, shareAccounts);
        }),
      );
      const updated = (await getCertificate(db, row.id))!;
      auditChange(request, certificateAuditState(row), certificateAuditState(updated));
      const [wire] = await toWire(request, [updated]);
      return ok(wire, request.t('certificateUpdateSuccessful'));
    },
  );

  app.post('/api/certificate/rename', { config: OPERATION, schema: { body: CertificateRenameSchema } }, async (request) => {
    const body = request.body;
    const row = await loadOwned(request, body.id);
    const name = checkName(body.name);
    if (await nameTaken(db, row.account, name, row.id)) throw fail('certificateNameUsed');
    // Domains keep a copy of the name (shown, filtered and searched): changed together.
    await writeIfUnchanged(request, 'certificates', row.id, body.updateTime, (w) =>
      w.transaction(async (tx) => {
        await renameCertificate(tx, row.id, name);
        await refreshCertificateName(tx, row.id, name);
      }),
    );
    const renamed = (await getCertificate(db, row.id))!;
    auditChange(request, certificateAuditState(row), certificateAuditState(renamed));
    const [wire] = await toWire(request, [renamed]);
    return ok(wire, request.t('certificateRenameSuccessful'));
  });

  app.post('/api/certificate/delete/:id', { config: OPERATION, schema: { params: IdObject } }, async (request) => {
    const { id } = request.params;
    const row = await loadVisible(request, id);
    const scope = await request.scope();
    if (!isOwned(scope, row)) throw fail('certificateSharedReadOnly');
    if (row.logicDelete === 2) {
      const status: CertificateDeletionStatus = { operationStatus: 0, log: renderLog(request, row.deleteLog) };
      return ok(status);
    }
    // Refused up front: a domain serving HTTPS with it would break.
    const https = await httpsDomainsUsing(db, id);
    if (https.length) {
      const seen = https.filter((d) => scope.all || scope.has(d.account)).map((d) => d.name);
      const hidden = https.length - seen.length;
      throw fail({ text: request.t('certificateInUseHttps') + [...seen, ...(hidden ? [`+${hidden}`] : [])].join(', ') });
    }
    const log = { key: 'certificateDeleteRequested', by: request.user!.username, at: new Date().toISOString() } as const;
    await markDeleting(db, id, log);
    auditChange(request, certificateAuditState(row), { ...certificateAuditState(row), logicDelete: 2 });
    const status: CertificateDeletionStatus = { operationStatus: 0, log: renderLog(request, log) };
    return ok(status);
  });

  app.post('/api/certificate/clear/:id', { config: OPERATION, schema: { params: IdObject } }, async (request) => {
    const { id } = request.params;
    const row = await loadVisible(request, id);
    if (!isOwned(await request.scope(), row)) throw fail('certificateSharedReadOnly');
    if (row.logicDelete !== 3) throw fail('certificateNotFailed');
    await clearDeletion(db, id);
    const [wire] = await toWire(request, [(await getCertificate(db, id))!]);
    return ok(wire);
  });

  app.post(
    '/api/certificate/batch/bind/domain',
    {
      config: OPERATION,
      schema: {
        body: CertificateBindSchema,
      },
    },
    async (request) => {
      const { certificateId, domains } = request.body;
      const row = await loadVisible(request, certificateId);
      if (row.logicDelete === 2) throw fail('certificateDeleting');
      const scope = await request.scope();
      const wanted = [...new Set(domains.map(normaliseDomain).filter(Boolean))];
      const found = new Map((await findDomains(db, wanted)).map((d) => [d.name, d.account]));
      // Only the caller's domains; a certificate shared with the caller only on the accounts it was shared with.
      const allowed = (account: string | undefined) =>
        account !== undefined && (scope.all || scope.has(account)) && (isOwned(scope, row) || row.shareAccounts.includes(account));
      const missing = wanted.filter((d) => !allowed(found.get(d)));
      if (missing.length) throw fail({ text: request.t('certificateDomainNotFound') + missing.join(', ') });
      const uncovered = wanted.filter((d) => !namesCover(row.dnsNames, d));
      if (uncovered.length) throw fail({ text: request.t('certificateDomainNotCovered') + uncovered.join(', ') });
      if (wanted.length && new Date(row.expireTime).getTime() <= Date.now()) throw fail('certificateExpiredBind');
      // Bindings the caller cannot see (other tenants' domains) stay as they are.
      const current = (await domainsUsing(db, [row.id])).get(row.id) ?? [];
      const removable = current
        .filter((u) => !u.configured && !wanted.includes(u.name) && (u.account === null || scope.all || scope.has(u.account)))
        .map((u) => u.name);
      await changeBindings(db, row.id, wanted, removable);
      const [wire] = await toWire(request, [(await getCertificate(db, row.id))!]);
      const reply: CertificateBindReply = { certificateId: row.id, bindDomains: wire.bindDomains };
      return ok(reply, request.t('certificateBindSuccessful'));
    },
  );
};

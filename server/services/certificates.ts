import type { FastifyRequest } from 'fastify';
import { isSuperRole } from '../../common/rules/shell/permissions';
import { fail, notFound, PortalError } from '../lib/envelope';
import { getCertificate, type CertificateFilter, type CertificateRow, type DeleteLog } from '../stores/config/certificates';
import { domainsUsing } from '../stores/config/certificatesDomains';
import type { AccountScope, SessionUser } from '../types';
import type { Certificate } from '../../common/wire/certificates';
import { auditObject } from '../lib/audit';

/**
 * Who may see and change which certificate. Visible: owned by an account in the caller's scope, or
 * shared with one. Changeable: owned. Listings follow the user type (spec §6): 3 (staff) all,
 * 2 (main account) by account, others by username (their own uploads, plus certificates shared
 * with their accounts).
 */
export function userTypeOf(user: SessionUser): 1 | 2 | 3 {
  return isSuperRole(user.role) ? 3 : user.isMain ? 2 : 1;
}

export const isVisible = (scope: AccountScope, c: CertificateRow) =>
  scope.all || scope.has(c.account) || (c.share && c.shareAccounts.some((a) => scope.has(a)));

export const isOwned = (scope: AccountScope, c: CertificateRow) => scope.all || scope.has(c.account);

export async function listingFilter(request: FastifyRequest): Promise<CertificateFilter> {
  const scope = await request.scope();
  const user = request.user!;
  const type = userTypeOf(user);
  if (type === 3 || scope.all) return { accounts: null };
  if (type === 2) return { accounts: scope.accounts };
  return { accounts: scope.accounts, username: user.username, orSharedWith: true };
}

/** A certificate the caller can see (deleted ones only with `withDeleted`); anything else is "not found". */
export async function loadVisible(request: FastifyRequest, id: number, withDeleted = false): Promise<CertificateRow> {
  const row = await getCertificate(request.server.db, id);
  if (!row || (row.logicDelete === 1 && !withDeleted) || !isVisible(await request.scope(), row)) throw notFound();
  auditObject(request, { type: 'certificate', id: row.id, name: row.name });
  return row;
}

/** A certificate the caller may change: owned, and not in the middle of a deletion. */
export async function loadOwned(request: FastifyRequest, id: number): Promise<CertificateRow> {
  const row = await loadVisible(request, id);
  if (!isOwned(await request.scope(), row)) throw fail('certificateSharedReadOnly');
  if (row.logicDelete === 2) throw fail('certificateDeleting');
  return row;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** What the audit log keeps of a certificate (its public facts and sharing; the key is never read here). */
export function certificateAuditState(row: CertificateRow) {
  return {
    name: row.name,
    account: row.account,
    commonName: row.commonName,
    dnsNames: row.dnsNames,
    serial: row.serial,
    issuer: row.issuerCommonName,
    expireTime: iso(row.expireTime),
    share: row.share,
    shareAccounts: row.shareAccounts,
    logicDelete: row.logicDelete,
  };
}

export function renderLog(request: FastifyRequest, log: DeleteLog | null): string {
  if (!log) return '';
  const domains = log.domains ?? [];
  if (log.key === 'certificateDeleteDone') {
    return request.t('certificateDeleteDone') + (domains.length ? request.t('certificateDeleteUnbound') + domains.join(', ') : '');
  }
  return request.t(log.key) + (domains.length ? domains.join(', ') : '');
}

/** Rows → wire records with the domains using them (only those the caller may see). */
export async function toWire(request: FastifyRequest, rows: CertificateRow[]): Promise<Certificate[]> {
  const scope = await request.scope();
  const uses = await domainsUsing(
    request.server.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const seen = (uses.get(r.id) ?? []).filter((u) => scope.all || (u.account !== null && scope.has(u.account)));
    return {
      id: r.id,
      name: r.name,
      account: r.account,
      username: r.username,
      commonName: r.commonName,
      dnsNames: r.dnsNames,
      brand: r.brand,
      issuerOrganization: r.issuerOrganization,
      issuerDepartment: r.issuerDepartment,
      issuerCountry: r.issuerCountry,
      issuerCommonName: r.issuerCommonName,
      serial: r.serial,
      signatureAlgorithm: r.signatureAlgorithm,
      keyAlgorithm: r.keyAlgorithm,
      awardedTime: iso(r.awardedTime),
      expireTime: iso(r.expireTime),
      createTime: iso(r.createTime),
      updateTime: iso(r.updateTime),
      share: r.share,
      // A recipient sees only the accounts of its own scope among those shared with.
      shareAccounts: isOwned(scope, r) ? r.shareAccounts : r.shareAccounts.filter((a) => scope.has(a)),
      bindDomains: seen.map((u) => u.name),
      configuredDomains: seen.filter((u) => u.configured).map((u) => u.name),
      logicDelete: r.logicDelete,
      deleteLog: renderLog(request, r.deleteLog),
      owned: isOwned(scope, r),
    };
  });
}

/** 403 for a listing reserved to provider staff. */
export const staffOnly = () => new PortalError('403', 'certificateStaffOnly');

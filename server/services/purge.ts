import type { FastifyRequest } from 'fastify';
import { MAX_URLS_PER_SUBMISSION, parseSubmission, type LineProblem, type PurgeKind } from '../../common/rules/purge';
import { formatDomainMessage } from '../../common/rules/domains/messages';
import { fail } from '../lib/envelope';
import { domainsNamed, insertTask, lockQuota, recentUrls, usedSince, type NewTaskUrl } from '../stores/config/purgeTasks';
import type { PurgeLineError, PurgeQuota, PurgeSubmitReply } from '../../common/wire/purge';
import type { ServerMessageKey } from '../../i18n/serverMessages';
import type { PortalConfig } from '../config';
import { auditObject } from '../lib/audit';
import { dayStartIn } from '../../common/rules/users/timeZone';
import { accountTimeZone } from '../stores/config/usersAccounts';

/** Submission of purges and prefetches: URL rules, scope, quotas, the 1-minute repeat rule (issue #16). */

const REPEAT_WINDOW_MS = 60_000;
/** Queue time of a new URL before the embedded edge starts it (scaled). */
const FIRST_STEP_MS = 1000;

/** The words of a refusal: a prefetch never says 'Refresh' (its route adds 'Prefetch failed: ', issue #35). */
const refusalKeys = {
  purge: { invalid: 'purgeUrlInvalid', allRepeated: 'purgeAllRepeated', repeat: 'purgeReasonRepeat' },
  prefetch: { invalid: 'prefetchUrlInvalid', allRepeated: 'prefetchAllRepeated', repeat: 'prefetchReasonRepeat' },
} as const satisfies Record<string, Record<string, ServerMessageKey>>;

const problemKey: Record<LineProblem, ServerMessageKey> = {
  format: 'purgeReasonFormat',
  notDirectory: 'purgeReasonNotDirectory',
  tooLong: 'purgeReasonTooLong',
  duplicate: 'purgeReasonDuplicate',
};

/** Start of the account's current day: quotas reset at midnight of its time zone, not the server's (issue #35). */
async function quotaDayStart(request: FastifyRequest, account: string, now: Date): Promise<Date> {
  return dayStartIn(await accountTimeZone(request.server.db, account), now);
}

const clockOf = (config: PortalConfig): Date => config.purge.now?.() ?? new Date();

export function quotaLimit(config: PortalConfig, kind: PurgeKind): number {
  return kind === 'url' ? config.purge.urlQuota : kind === 'dir' ? config.purge.dirQuota : config.purge.prefetchQuota;
}

export async function quotaOf(request: FastifyRequest, kind: PurgeKind): Promise<PurgeQuota> {
  const account = request.user?.account ?? '';
  const limit = quotaLimit(request.server.config, kind);
  const used = await usedSince(request.server.db, account, kind, await quotaDayStart(request, account, clockOf(request.server.config)));
  return { kind, limit, used, remaining: Math.max(0, limit - used), enabled: kind !== 'dir' || request.server.config.purge.dirEnabled };
}

/** A refusal naming the bad lines: code "1", msg the spec's text, data the lines. */
export class LineRefusal extends Error {
  constructor(
    readonly msg: string,
    readonly lines: PurgeLineError[],
  ) {
    super(msg);
  }
}

/** A refusal of these lines, each with its reason. */
function refuse<L extends { line: number; url: string }>(msg: string, lines: L[], reason: (l: L) => string): LineRefusal {
  return new LineRefusal(
    msg,
    lines.map((l) => ({ line: l.line, url: l.url, reason: reason(l) })),
  );
}

/** The enabled accelerated domain covering each host (exact name first, then a wildcard), in scope. */
async function domainsForHosts(request: FastifyRequest, hosts: string[]): Promise<Map<string, { name: string; account: string }>> {
  const candidates = new Set<string>();
  for (const h of hosts) {
    candidates.add(h);
    const dot = h.indexOf('.');
    if (dot > 0) candidates.add(`*${h.slice(dot)}`);
  }
  const rows = await domainsNamed(request.server.db, [...candidates]);
  const scope = await request.scope();
  const usable = new Map(rows.filter((r) => r.status === 'on' && scope.has(r.account)).map((r) => [r.name, r]));
  const out = new Map<string, { name: string; account: string }>();
  for (const h of hosts) {
    const dot = h.indexOf('.');
    const d = usable.get(h) ?? (dot > 0 ? usable.get(`*${h.slice(dot)}`) : undefined);
    if (d) out.set(h, { name: d.name, account: d.account });
  }
  return out;
}

/**
 * Checks and stores one submission, all or nothing: any bad line (format, another tenant's,
 * unknown, disabled or frozen host) refuses the whole with the line numbers; a submission over the
 * remaining daily quota is refused whole; URLs purged less than a minute ago are left out and
 * named (the whole is refused when nothing remains).
 */
export async function submit(request: FastifyRequest, kind: PurgeKind, text: string): Promise<PurgeSubmitReply> {
  const app = request.server;
  if (kind === 'dir' && !app.config.purge.dirEnabled) throw fail('purgeDirDisabled');
  const { entries, bad } = parseSubmission(text, kind);
  if (!entries.length) throw fail('purgeEmpty');
  if (entries.length > MAX_URLS_PER_SUBMISSION) throw fail('purgeTooMany');
  const words = refusalKeys[kind === 'prefetch' ? 'prefetch' : 'purge'];
  const invalid = request.t(words.invalid);
  if (bad.length) throw refuse(invalid, bad, (b) => request.t(problemKey[b.problem ?? 'format']));
  const domains = await domainsForHosts(request, [...new Set(entries.map((e) => e.host))]);
  const outside = entries.filter((e) => !domains.has(e.host));
  if (outside.length) throw refuse(invalid, outside, () => request.t('purgeReasonHost'));

  const account = request.user?.account ?? '';
  const kinds: PurgeKind[] = kind === 'prefetch' ? ['prefetch'] : ['url', 'dir'];
  const now = clockOf(app.config);
  const dayStart = await quotaDayStart(request, account, now);
  const recent = await recentUrls(
    app.db,
    account,
    kinds,
    entries.map((e) => e.url),
    new Date(now.getTime() - REPEAT_WINDOW_MS),
  );
  const fresh = entries.filter((e) => !recent.has(e.url));
  const repeated = entries.filter((e) => recent.has(e.url));
  if (!fresh.length) throw refuse(request.t(words.allRepeated), repeated, () => request.t(words.repeat));
  const limit = quotaLimit(app.config, kind);
  // Quota check and insert in one transaction, the account's quota rows locked, so two
  // concurrent submissions cannot both pass on the same remainder.
  const taskId = await app.db.transaction(async (tx) => {
    await lockQuota(tx, account, kind);
    const used = await usedSince(tx, account, kind, dayStart);
    if (used + fresh.length > limit) {
      const remaining = Math.max(0, limit - used);
      throw fail({ text: formatDomainMessage(request.t('purgeQuotaExceeded'), { count: fresh.length, remaining }) });
    }
    const urls: NewTaskUrl[] = fresh.map((e) => {
      const d = domains.get(e.host);
      return { line: e.line, url: e.url, host: e.host, domain: d?.name ?? e.host, account: d?.account ?? account };
    });
    const delay = FIRST_STEP_MS * app.config.purge.edgeDelayScale;
    return insertTask(tx, {
      kind,
      account,
      submittedBy: request.user?.username ?? '',
      ip: request.ip,
      urls,
      dueAt: new Date(now.getTime() + delay),
      createTime: now,
    });
  });
  // The task itself is the record of the submission (its URLs, submitter and IP): the audit row links to it.
  auditObject(request, { type: kind === 'prefetch' ? 'prefetchTask' : 'purgeTask', id: taskId, name: `${fresh.length} URL` });
  return { taskId, count: fresh.length, repeated: repeated.map((r) => r.line), quota: await quotaOf(request, kind) };
}

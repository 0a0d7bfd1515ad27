import type { FastifyInstance } from 'fastify';

/**
 * Tables a refused request must leave alone (sessions and sign-in failures excepted). The audit log
 * (audit_log) is left out on purpose: it records refused writes too, with their outcome (an attempt
 * is worth seeing), so it grows on every refusal; it holds no configuration (server/plugins/audit.ts).
 */
const TABLES = [
  'accounts',
  'users',
  'domains',
  'domain_versions',
  'certificates',
  'certificate_bindings',
  'live_domains',
  // a purge task's submission (its status and finish time move with the edge job)
  '(SELECT id, kind, account, submitted_by, url_count, create_time, url_text FROM purge_tasks)',
  'websites',
  'waf_policies',
  'waf_rules', // website protection (issue #18)
  'website_ownership', // ownership proofs of website names (issue #35)
  'monit_contacts',
  'monit_groups',
  'monit_group_members',
  // an IP protection entry's settings (its status, due time and port check move with its job)
  '(SELECT id, account, origin_ip, protocol, ports, ranges, preset, cname_prefix, remark, create_time FROM ipp_entries)',
  // a rule's settings (its evaluation state moves with the monitoring job)
  '(SELECT id, uuid, account, name, domains, metric, period_minutes, comparison, threshold, consecutive, group_ids, channels, repeat_minutes, mute_windows, time_zone, enabled FROM monit_rules)',
];

/** A digest of the config store's tables: equal before and after means nothing changed. */
export async function storeDigest(app: FastifyInstance): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const [row] = await app.db.query<{ d: string | null }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM ${table} t`);
    parts.push(`${table}:${row.d ?? ''}`);
  }
  return parts.join('\n');
}

export const uidOf = async (app: FastifyInstance, username: string): Promise<string> => {
  const [row] = await app.db.query<{ uid: string }>('SELECT uid FROM users WHERE username = $1', [username]);
  return row.uid;
};

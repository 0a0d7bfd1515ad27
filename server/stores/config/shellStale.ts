import type { ConfigDb } from './db';

/**
 * The records whose updates are checked against the updateTime they were read at (issue #35 item 4),
 * by table: the key column each is addressed by. Migration 052 keeps their update_time to whole
 * milliseconds and moves it forward on every write.
 */
const KEYS = {
  domains: 'id',
  certificates: 'id',
  websites: 'id',
  waf_policies: 'id',
  waf_rules: 'id',
  ipp_entries: 'id',
  monit_contacts: 'id',
  monit_groups: 'id',
  monit_rules: 'id',
  users: 'uid',
} as const;

export type StaleCheckedTable = keyof typeof KEYS;

/**
 * The record's update_time in milliseconds since the epoch, its row locked until the transaction
 * ends (so a second writer waits and then reads the first one's time); null when it is gone.
 */
export async function lockUpdateTime(tx: ConfigDb, table: StaleCheckedTable, key: number | string): Promise<number | null> {
  const [row] = await tx.query<{ t: Date | string }>(`SELECT update_time AS t FROM ${table} WHERE ${KEYS[table]} = $1 FOR UPDATE`, [key]);
  return row ? new Date(row.t).getTime() : null;
}

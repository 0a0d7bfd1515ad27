import { createHash } from 'node:crypto';
import type { TrafficEngine } from './engine';
import { CLIENT_APP_COLUMN, clientAppSql } from './websitesDryRunSql';

/**
 * access_log's client_app (issue #18): the WAF catalogue's client app of the row's user agent
 * (common/rules/wafCatalogue.ts CLIENT_APPS, first signature that matches, '' for none), computed
 * by the engine on every insert (a MATERIALIZED column: whatever inserts into access_log gets it,
 * the ingest loader, the demo generator and the tests alike) so that a dry run compares ids instead
 * of searching 10 M user agents.
 *
 * The column's comment holds the version of the expression (a hash of its text, which spells out
 * every signature and id): when the catalogue changes, the next start modifies the column and
 * rewrites it in every existing part (MATERIALIZE COLUMN, a background mutation); a store made
 * before the column existed gets it the same way. Until the rewrite has finished the dry run
 * searches the user agents as before (clientAppColumnReady).
 */

const EXPRESSION = clientAppSql('user_agent');
export const CLIENT_APP_VERSION = `wafCatalogue ${createHash('sha256').update(EXPRESSION).digest('hex').slice(0, 16)}`;
const DEFINITION = `${CLIENT_APP_COLUMN} LowCardinality(String) MATERIALIZED ${EXPRESSION} COMMENT '${CLIENT_APP_VERSION}'`;

type Engine = Pick<TrafficEngine, 'query' | 'exec'>;

/** engines whose column was seen ready since their last change by ensureClientAppColumn */
const ready = new WeakSet<object>();

async function currentVersion(engine: Pick<TrafficEngine, 'query'>): Promise<string | null> {
  const rows = await engine.query<{ comment: string }>(
    `SELECT comment FROM system.columns WHERE database = 'traffic' AND table = 'access_log' AND name = {name:String}`,
    { name: CLIENT_APP_COLUMN },
  );
  return rows.length ? rows[0].comment : null;
}

/**
 * Adds the column to access_log, or brings it to the current catalogue; existing rows are rewritten
 * in the background (the dry run falls back to the user-agent search meanwhile). Idempotent.
 */
export async function ensureClientAppColumn(engine: Engine): Promise<void> {
  const version = await currentVersion(engine);
  if (version === CLIENT_APP_VERSION) return;
  ready.delete(engine);
  await engine.exec(`ALTER TABLE traffic.access_log ${version === null ? 'ADD COLUMN IF NOT EXISTS' : 'MODIFY COLUMN'} ${DEFINITION}`);
  const [{ n }] = await engine.query<{ n: number | string }>('SELECT count() AS n FROM traffic.access_log');
  if (Number(n) > 0) await engine.exec(`ALTER TABLE traffic.access_log MATERIALIZE COLUMN ${CLIENT_APP_COLUMN}`);
}

/**
 * The column holds the current catalogue's ids in every part: its version is the code's and no
 * rewrite of it is pending. Once true it stays true until ensureClientAppColumn changes the column (at start).
 */
export async function clientAppColumnReady(engine: Pick<TrafficEngine, 'query'>): Promise<boolean> {
  if (ready.has(engine)) return true;
  const [row] = await engine.query<{ comment: string | null; pending: number | string }>(
    `SELECT (SELECT any(comment) FROM system.columns
             WHERE database = 'traffic' AND table = 'access_log' AND name = {name:String}) AS comment,
       (SELECT count() FROM system.mutations
        WHERE database = 'traffic' AND table = 'access_log' AND NOT is_done AND position(command, {name:String}) > 0) AS pending`,
    { name: CLIENT_APP_COLUMN },
  );
  const ok = row.comment === CLIENT_APP_VERSION && Number(row.pending) === 0;
  if (ok) ready.add(engine);
  return ok;
}

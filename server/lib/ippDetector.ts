import type { ConfigDb } from '../stores/config/db';
import type { TrafficEngine } from '../stores/traffic/engine';
import { endStaleIppAlarms, ippIpMap, upsertIppAlarms, type DetectedAlarm } from '../stores/config/ipProtection';
import { detectIppAttacks } from '../stores/traffic/ipProtection';

/**
 * One run of the attack detector (issue #19, docs/ipProtection.md): the episodes found in the last 7 days of
 * every protected IP's samples become alarm records (inserted, or updated while they go on); an
 * ongoing alarm not found again has ended. Returns the alarms found.
 */
export async function runIppDetector(db: ConfigDb, engine: TrafficEngine, now = Math.floor(Date.now() / 1000)): Promise<DetectedAlarm[]> {
  const entries = await ippIpMap(db, null);
  const byIp = new Map(entries.map((e) => [e.originIp, e]));
  const episodes = await detectIppAttacks(
    engine,
    entries.map((e) => e.originIp),
    now,
  );
  const alarms: DetectedAlarm[] = [];
  for (const ep of episodes) {
    const entry = byIp.get(ep.ip);
    if (!entry) continue;
    alarms.push({
      entryId: entry.id,
      account: entry.account,
      originIp: ep.ip,
      type: ep.type,
      state: ep.ongoing ? 'ongoing' : 'ended',
      start: new Date(ep.start * 1000),
      end: new Date(ep.end * 1000),
      peakBps: ep.peakBps,
      peakPps: ep.peakPps,
    });
  }
  await upsertIppAlarms(db, alarms);
  await endStaleIppAlarms(
    db,
    alarms.filter((a) => a.state === 'ongoing').map((a) => ({ entryId: a.entryId, start: a.start })),
  );
  return alarms;
}

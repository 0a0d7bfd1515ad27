import { describe, expect, it } from 'vitest';
import { createWriteClock, type ConfigDb } from '../../server/stores/config/db';
import { StoreMemo } from '../../server/lib/storeMemo';

describe('createWriteClock', () => {
  it('counts writes by table and operation; reads count nothing', () => {
    const clock = createWriteClock();
    const users = () => clock.stamp(['users']);
    const deletions = () => clock.stamp(['DELETE sessions']);
    const [u0, d0] = [users(), deletions()];
    clock.wrote('SELECT uid, update_time FROM users WHERE uid = $1');
    clock.wrote('WITH RECURSIVE tree AS (SELECT 1) SELECT * FROM tree');
    clock.wrote('UPDATE sessions SET last_seen = now() WHERE id = $1');
    clock.wrote('INSERT INTO sessions (id, uid) VALUES ($1, $2)');
    expect([users(), deletions()]).toEqual([u0, d0]);
    clock.wrote('DELETE FROM sessions WHERE uid = $1');
    expect(deletions()).toBeGreaterThan(d0);
    expect(users()).toBe(u0);
    clock.wrote('  UPDATE public."users" SET permissions = $2 WHERE uid = $1');
    expect(users()).toBeGreaterThan(u0);
  });

  it('counts a statement it cannot place as a write to every table', () => {
    const clock = createWriteClock();
    const before = clock.stamp(['accounts']);
    clock.wrote('WITH gone AS (DELETE FROM accounts WHERE identity = $1 RETURNING 1) SELECT count(*) FROM gone');
    const afterCte = clock.stamp(['accounts']);
    expect(afterCte).toBeGreaterThan(before);
    clock.wrote('CREATE TABLE x (a int); INSERT INTO accounts VALUES (1)');
    expect(clock.stamp(['accounts'])).toBeGreaterThan(afterCte);
  });
});

describe('StoreMemo', () => {
  const make = (stampOf: () => number | null) => {
    let t = 1_000_000;
    const db = { writeStamp: stampOf } as unknown as ConfigDb;
    const memo = new StoreMemo<string>(db, { tables: ['users'], maxEntries: 2, now: () => t });
    let loads = 0;
    const get = (key: string, keepMs = 5_000) =>
      memo.get(key, async () => {
        loads++;
        return { value: `${key}${loads}`, keepMs };
      });
    return { memo, get, loads: () => loads, advance: (ms: number) => (t += ms) };
  };

  it('keeps a value for its time while nothing is written, and reads again after a write or the time', async () => {
    let stamp = 0;
    const m = make(() => stamp);
    expect(await m.get('a')).toBe('a1');
    expect(await m.get('a')).toBe('a1');
    stamp++;
    expect(await m.get('a')).toBe('a2');
    m.advance(5_000);
    expect(await m.get('a')).toBe('a3');
    expect(m.loads()).toBe(3);
  });

  it('shares one read among identical misses in flight under one stamp, not across a write', async () => {
    let stamp = 0;
    const db = { writeStamp: () => stamp } as unknown as ConfigDb;
    const memo = new StoreMemo<string>(db, { tables: ['users'], maxEntries: 10 });
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const get = () =>
      memo.get('k', async () => {
        const n = ++loads;
        await gate;
        return { value: `v${n}`, keepMs: 5_000 };
      });
    const first = [get(), get(), get()];
    stamp++; // a write while the first read is in flight: a later miss reads again
    const after = get();
    release();
    expect(await Promise.all(first)).toEqual(['v1', 'v1', 'v1']);
    expect(await after).toBe('v2');
    expect(loads).toBe(2);
  });

  it('does not keep a value read while a write happened, nor one with keepMs 0', async () => {
    let stamp = 0;
    const db = { writeStamp: () => stamp } as unknown as ConfigDb;
    const memo = new StoreMemo<number>(db, { tables: ['users'], maxEntries: 10 });
    let loads = 0;
    // A write lands while the value is being read.
    const racing = () =>
      memo.get('k', async () => {
        stamp++;
        return { value: ++loads, keepMs: 5_000 };
      });
    await racing();
    await racing();
    expect(loads).toBe(2);
    const m = make(() => 0);
    await m.get('z', 0);
    await m.get('z', 0);
    expect(m.loads()).toBe(2);
  });

  it('keeps nothing when the store cannot tell (null stamp: other processes write)', async () => {
    const m = make(() => null);
    await m.get('a');
    await m.get('a');
    expect(m.loads()).toBe(2);
    expect(m.memo.size).toBe(0);
  });

  it('keeps at most maxEntries values, the oldest leaving first', async () => {
    const m = make(() => 0);
    for (const k of ['a', 'b', 'c']) await m.get(k);
    expect(m.memo.size).toBe(2);
    await m.get('a');
    expect(m.loads()).toBe(4);
  });
});

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, makeApp, signIn } from './helpers';
import { asAdmin } from './postgres';

/**
 * Only in the 'server-pg' project (the whole server suite runs there on a PostgreSQL server too):
 * what only a server connection can do, such as the server ending it.
 */
const admin = inject('pgAdminUrl');

describe.skipIf(!admin)('configuration store on a PostgreSQL server', () => {
  let app: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    app = await makeApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps the demo data there and keeps serving after the server ended every connection', async () => {
    const url = app.config.databaseUrl;
    expect(url).toBeTruthy();
    const database = new URL(String(url)).pathname.slice(1);
    const cookie = await signIn(app, 'acme');
    const before = await call(app, cookie, { method: 'GET', url: '/api/certificate/account' });
    expect(before.body.code).toBe('0');

    // A restart or an administrator ends the portal's connections (idle ones report an error on the pool).
    await asAdmin(
      admin,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The session (stored there) and the data are still served: the pool reconnects.
    const after = await call(app, cookie, { method: 'GET', url: '/api/certificate/account' });
    expect(after.body.code).toBe('0');
    expect(after.body.data).toEqual(before.body.data);
    expect((await signIn(app, 'globex')).length).toBeGreaterThan(0);
  });

  it('a connection ended in the middle of a transaction fails that transaction, not the process', async () => {
    const database = new URL(String(app.config.databaseUrl)).pathname.slice(1);
    const pid = { value: 0 };
    const outcome = app.db.transaction(async (tx) => {
      const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      pid.value = row.pid;
      // Between two statements the connection is checked out and idle: the server ends it here.
      await asAdmin(admin, `SELECT pg_terminate_backend(${pid.value}) FROM pg_stat_activity WHERE datname = '${database}'`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.query('SELECT 1');
    });
    await expect(outcome).rejects.toThrow();
    const cookie = await signIn(app, 'acme');
    expect((await call(app, cookie, { method: 'GET', url: '/api/certificate/account' })).body.code).toBe('0');
  });
});

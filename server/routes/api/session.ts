import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ok, PortalError } from '../../lib/envelope';
import { findUserByName } from '../../stores/config/users';
import { verifyPassword } from '../../lib/password';
import { endSession, startSession, toSessionUser } from '../../plugins/session';
import { buildUserInfo } from '../../lib/userInfo';

const WINDOW = "interval '15 minutes'";
const MAX_PER_USER = 5;
const MAX_PER_IP = 20;

/** Sign-in, auto sign-in and sign-out (contract rows /api/newLogin, /api/newAutoLogin, /api/logout). */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/newLogin',
    {
      config: { module: '-', access: 'public' },
      // Never log this URL: its query holds the (encrypted) password.
      logLevel: 'warn',
      schema: { querystring: Type.Object({ username: Type.String(), password: Type.String() }) },
    },
    async (request, reply) => {
      const { username, password } = request.query as { username: string; password: string };
      const db = app.db;
      const ip = request.ip;
      const [counts] = await db.query<{ byUser: number; byIp: number }>(
        `SELECT count(*) FILTER (WHERE username = $1)::int AS "byUser", count(*) FILTER (WHERE ip = $2)::int AS "byIp"
           FROM login_failures WHERE at > now() - ${WINDOW} AND (username = $1 OR ip = $2)`,
        [username, ip],
      );
      if (counts.byUser >= MAX_PER_USER || counts.byIp >= MAX_PER_IP) throw new PortalError('429', { text: '登录失败次数过多，请15分钟后再试' });
      const failed = async (text: string) => {
        await db.query('INSERT INTO login_failures (username, ip) VALUES ($1, $2)', [username, ip]);
        return new PortalError('1', { text });
      };
      let plain: string;
      try {
        plain = app.cipher.aesDecrypt(password);
      } catch {
        throw await failed('密码错误');
      }
      const user = await findUserByName(db, username);
      // Sign-in messages stay Chinese: the client translates them (spec §8).
      if (!user) throw await failed('用户不存在');
      if (!(await verifyPassword(plain, user.passwordHash))) throw await failed('密码错误');
      if (!user.enabled) throw await failed('用户未激活');
      await db.query('DELETE FROM login_failures WHERE username = $1', [username]);
      await startSession(request, reply, user.uid);
      return ok(await buildUserInfo(db, toSessionUser(user)));
    },
  );

  app.get('/api/newAutoLogin', { config: { module: '-', access: 'public' } }, async (request) => {
    if (!request.user) return { code: '1', data: null, msg: request.t('notSignedIn') };
    return ok(await buildUserInfo(app.db, request.user));
  });

  app.get('/api/logout', { config: { module: '-', access: 'session' } }, async (request, reply) => {
    await endSession(request, reply);
    return ok(null);
  });
};

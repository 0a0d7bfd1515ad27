import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok, PortalError } from '../../../lib/envelope';
import { findUserByName } from '../../../stores/config/users';
import { verifyPassword } from '../../../lib/password';
import { endSession, startSession, toSessionUser } from '../../../plugins/session';
import { buildUserInfo } from '../../../lib/userInfo';
import { SignInQuerySchema } from '../../../../common/wire/shell/session';
import { clearFailures, reserveAttempt } from '../../../stores/config/shellSignIn';

const MAX_PER_USER = 5;
const MAX_PER_IP = 20;

/** Sign-in, auto sign-in and sign-out (contract rows /api/newLogin, /api/newAutoLogin, /api/logout). */
export const sessionRoutes: TypedRoutes = async (app) => {
  app.get(
    '/api/newLogin',
    {
      config: { module: '-', access: 'public' },
      // Never log this URL: its query holds the (encrypted) password.
      logLevel: 'warn',
      schema: { querystring: SignInQuerySchema },
    },
    async (request, reply) => {
      const { username, password } = request.query;
      const db = app.db;
      const ip = request.ip;
      // The attempt is counted and recorded as a failure before the password is evaluated, in one
      // atomic step; a success forgets it again.
      const attempt = await reserveAttempt(db, username, ip, { perUser: MAX_PER_USER, perIp: MAX_PER_IP });
      if (!attempt) throw new PortalError('429', { text: '登录失败次数过多，请15分钟后再试' });
      const failed = (text: string) => new PortalError('1', { text });
      let plain: string;
      try {
        plain = app.cipher.aesDecrypt(password);
      } catch {
        throw failed('密码错误');
      }
      const user = await findUserByName(db, username);
      // Sign-in messages stay Chinese: the client translates them (spec §8).
      if (!user) throw failed('用户不存在');
      if (!(await verifyPassword(plain, user.passwordHash))) throw failed('密码错误');
      if (!user.enabled) throw failed('用户未激活');
      await clearFailures(db, username);
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

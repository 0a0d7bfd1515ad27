import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { fail, ok, PortalError } from '../../../lib/envelope';
import { hashPassword, passwordStrongEnough, verifyPassword } from '../../../lib/password';
import { findUserByUid, setPasswordHash } from '../../../stores/config/users';
import { releaseAttempt, reserveAttempt } from '../../../stores/config/shellSignIn';
import { endOtherSessions } from '../../../plugins/session';
import { PasswordChangeQuerySchema } from '../../../../common/wire/users';
import { isTimeZone } from '../../../../common/rules/users/timeZone';
import { formatDomainMessage } from '../../../../common/rules/domains/messages';
import { setAccountTimeZone } from '../../../stores/config/usersAccounts';

/** Wrong current passwords count as failed sign-ins, so the form cannot be used to guess one. */
const MAX_FAILURES = 5;

/** The contract's ischinese flag picks the reply language when given. */
function applyLanguage(request: FastifyRequest, ischinese: string | undefined): void {
  const v = (ischinese ?? '').toLowerCase();
  if (['true', '1', 'chinese', 'zh'].includes(v)) request.lang = 'zh';
  else if (['false', '0', 'english', 'en'].includes(v)) request.lang = 'en';
}

function decrypt(request: FastifyRequest, b64: string): string | null {
  try {
    return request.server.cipher.aesDecrypt(b64);
  } catch {
    return null;
  }
}

/** The signed-in user's own password change (contract row /shiro/self/safeupdatepassword). */
export const passwordRoutes: TypedRoutes = async (app) => {
  app.get(
    '/shiro/self/safeupdatepassword',
    {
      config: { module: 'person', access: 'operation' },
      // Its query carries (encrypted) passwords: keep the URL out of the request log.
      logLevel: 'warn',
      schema: { querystring: PasswordChangeQuerySchema },
    },
    async (request) => {
      const q = request.query;
      applyLanguage(request, q.ischinese);
      const me = request.user!;
      if (q.username !== me.username || (q.account && q.account !== me.account)) throw fail('accountsPasswordNotOwn');
      if (q.timeZone !== undefined) {
        if (!isTimeZone(q.timeZone)) throw fail({ text: formatDomainMessage(request.t('timeZoneInvalid'), { value: q.timeZone }) });
        if (!me.isMain) throw fail('timeZoneNotMain');
        // The zone alone: no password change asked for.
        if (!q.oldPassword && !q.password) {
          await setAccountTimeZone(app.db, me.account, q.timeZone);
          return ok(null, request.t('timeZoneSaved'));
        }
      }
      if (!q.oldPassword) throw fail('accountsOldPasswordRequired');
      if (!q.password) throw fail('accountsNewPasswordRequired');
      const current = decrypt(request, q.oldPassword);
      const next = decrypt(request, q.password);
      if (current === null || next === null) throw fail('passwordChangeFailed');
      if (!current) throw fail('accountsOldPasswordRequired');
      if (!next) throw fail('accountsNewPasswordRequired');

      // Counted and recorded as a failure in one atomic step before the check; a right password forgets it.
      const attempt = await reserveAttempt(app.db, me.username, request.ip, { perUser: MAX_FAILURES });
      if (!attempt) throw new PortalError('429', 'tooManyAttempts');
      const user = await findUserByUid(app.db, me.uid);
      if (!user) throw fail('passwordChangeFailed');
      if (!(await verifyPassword(current, user.passwordHash))) throw fail('currentPasswordWrong');
      await releaseAttempt(app.db, attempt);
      if (next === current) throw fail('passwordSame');
      if (!passwordStrongEnough(next)) throw fail('passwordPattern');
      // The current session stays valid; the other ones too unless the user asks to sign them out.
      await setPasswordHash(app.db, me.uid, await hashPassword(next));
      if (q.timeZone !== undefined) await setAccountTimeZone(app.db, me.account, q.timeZone);
      if (['true', '1'].includes((q.signOutOthers ?? '').toLowerCase())) await endOtherSessions(request, me.uid);
      return ok(null, request.t('passwordChanged'));
    },
  );
};

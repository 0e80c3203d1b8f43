import {
  translate,
  type Language,
  type LoginInput,
  type LoginResponse,
  type Registration,
  type User,
  type UserStatus,
} from '@medrelay/contracts';
import { AppError, httpError, RateLimiter, withTransaction } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { queueMail } from '../mail/outbox';
import { dummyHash, hashPassword, verifyPassword } from '../passwords';
import { recordUserEvent } from '../users/events';
import { findCredentialsByEmail, findUserById, insertUser, languageOfEmail, publicUser } from '../users/repo';

export function createAuthService(ctx: IdentityContext) {
  const window = ctx.config.LOGIN_FAILURE_WINDOW_SECONDS;
  const accountAttempts = new RateLimiter(
    ctx.redis,
    `${ctx.prefix}:login-fail:account`,
    ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    window,
  );
  const addressAttempts = new RateLimiter(
    ctx.redis,
    `${ctx.prefix}:login-fail:address`,
    ctx.config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    window,
  );

  /** After a commit, telling Redis is best effort: the token claim and the start-up restore cover a miss. */
  return {
    async register(input: Registration, requestLanguage: Language): Promise<{ user: User; message: string }> {
      const settings = await ctx.settings.get();
      const status = settings.autoApproveUsers ? 'approved' : 'pending';
      const language = input.language ?? requestLanguage;
      const passwordHash = await hashPassword(input.password);
      const user = await withTransaction(ctx.pool, async (client) => {
        const id = await insertUser(client, { ...input, passwordHash, status, language });
        if (id === null) throw httpError.conflict('EMAIL_TAKEN', 'emailTaken', { path: 'email' });
        const created = (await findUserById(client, id))!;
        await recordUserEvent(client, 'user.registered', created);
        await queueMail(client, settings, {
          template: status === 'approved' ? 'account-approved' : 'registration-received',
          to: created.email,
          language,
          idempotencyKey: `registered:${id}`,
          data: {
            name: created.name,
            userType: created.userType,
            loginUrl: `${ctx.config.PUBLIC_URL}/login`,
          },
        });
        if (settings.notifyRegistrations && status === 'pending') {
          await queueMail(client, settings, {
            template: 'admin-new-registration',
            to: settings.adminEmail,
            language: (await languageOfEmail(client, settings.adminEmail)) ?? 'en',
            idempotencyKey: `registered-admin-notice:${id}`,
            data: {
              name: created.name,
              email: created.email,
              userType: created.userType,
              reviewUrl: `${ctx.config.PUBLIC_URL}/admin/users`,
            },
          });
        }
        return created;
      });
      ctx.outbox.nudge();
      await ctx.tokens.publishStatusAfterCommit(user.id, user.status);
      const message = translate(
        status === 'approved' ? 'registrationApproved' : 'registrationPending',
        requestLanguage,
      );
      return { user: publicUser(user), message };
    },

    /**
     * Signs in. Every attempt counts per account and per address before the password is
     * checked (so parallel guesses cannot slip past the limit); a success takes its attempt
     * back. The answer never says whether the e-mail exists.
     */
    async login(input: LoginInput, address: string): Promise<LoginResponse> {
      const [account, origin] = await Promise.all([
        accountAttempts.hit(input.email),
        addressAttempts.hit(address),
      ]);
      if (!account.allowed || !origin.allowed) {
        // A refused attempt checks no password: it counts against neither the account (so one
        // address cannot lock a stranger out) nor the address (so an office is not locked out).
        await Promise.all([accountAttempts.undo(input.email), addressAttempts.undo(address)]);
        const wait = Math.max(
          account.allowed ? 0 : account.retryAfterSeconds,
          origin.allowed ? 0 : origin.retryAfterSeconds,
        );
        throw httpError.tooManyRequests(wait);
      }
      const found = await findCredentialsByEmail(ctx.pool, input.email);
      const valid = await verifyPassword(found?.passwordHash ?? (await dummyHash), input.password);
      if (!found || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', 'invalidCredentials');
      await Promise.all([accountAttempts.reset(input.email), addressAttempts.undo(address)]);

      const settings = await ctx.settings.get();
      // The status is read, published and signed under a share lock: a suspension (which takes
      // the row FOR UPDATE and revokes before committing) either waits for this token and then
      // revokes it, or commits first and this sign-in sees "rejected".
      const token = await withTransaction(ctx.pool, async (client) => {
        await client.query(`SET LOCAL lock_timeout = '5s'`);
        const { rows } = await client.query<{ status: UserStatus }>(
          'SELECT status FROM identity.users WHERE id = $1 FOR SHARE',
          [found.user.id],
        );
        const status = rows[0]?.status;
        if (!status) throw httpError.unauthenticated('accountGone');
        if (status === 'rejected') throw new AppError(403, 'ACCOUNT_REJECTED', 'accountRejected');
        if (settings.maintenanceMode && found.user.userType !== 'admin') {
          throw httpError.unavailable('MAINTENANCE', 'maintenance');
        }
        await ctx.tokens.publishStatus(found.user.id, status);
        return ctx.tokens.sign({ ...found.user, status }, settings.sessionTimeout);
      });
      const user = (await findUserById(ctx.pool, found.user.id))!;
      return { token, user: publicUser(user) };
    },

    async me(userId: number): Promise<User> {
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      return publicUser(user);
    },
  };
}

import type { Language, LoginInput, LoginResponse, Registration, User } from '@medrelay/contracts';
import { AppError, httpError, RateLimiter, withTransaction } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { queueMail } from '../mail/outbox';
import { dummyHash, hashPassword, verifyPassword } from '../passwords';
import { recordUserEvent } from '../users/events';
import { findCredentialsByEmail, findUserById, insertUser, publicUser } from '../users/repo';

export function createAuthService(ctx: IdentityContext) {
  const window = ctx.config.LOGIN_FAILURE_WINDOW_SECONDS;
  const accountFailures = new RateLimiter(
    ctx.redis,
    `${ctx.prefix}:login-fail:account`,
    ctx.config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    window,
  );
  const addressFailures = new RateLimiter(
    ctx.redis,
    `${ctx.prefix}:login-fail:address`,
    ctx.config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    window,
  );

  return {
    async register(input: Registration, requestLanguage: Language): Promise<User> {
      const settings = await ctx.settings.get();
      const status = settings.autoApproveUsers ? 'approved' : 'pending';
      const language = input.language ?? requestLanguage;
      const passwordHash = await hashPassword(input.password);
      const user = await withTransaction(ctx.pool, async (client) => {
        const id = await insertUser(client, { ...input, passwordHash, status, language });
        if (id === null) {
          throw httpError.conflict('EMAIL_TAKEN', 'An account with this email already exists', {
            path: 'email',
          });
        }
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
            language: 'en',
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
      await ctx.tokens.publishStatus(user.id, user.status);
      return publicUser(user);
    },

    /**
     * Signs in. Failures count per account and per address; past the limit the caller gets 429
     * before the password is even checked. The answer never says whether the e-mail exists.
     */
    async login(input: LoginInput, address: string): Promise<LoginResponse> {
      const [account, origin] = await Promise.all([
        accountFailures.peek(input.email),
        addressFailures.peek(address),
      ]);
      if (!account.allowed || !origin.allowed) {
        throw httpError.tooManyRequests(
          Math.max(
            account.allowed ? 0 : account.retryAfterSeconds,
            origin.allowed ? 0 : origin.retryAfterSeconds,
          ),
        );
      }
      const found = await findCredentialsByEmail(ctx.pool, input.email);
      const valid = await verifyPassword(found?.passwordHash ?? (await dummyHash), input.password);
      if (!found || !valid) {
        await Promise.all([accountFailures.hit(input.email), addressFailures.hit(address)]);
        throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid credentials');
      }
      await accountFailures.reset(input.email);
      const { user } = found;
      if (user.status === 'rejected') {
        throw new AppError(
          403,
          'ACCOUNT_REJECTED',
          'This account has been suspended or rejected. Please contact the administrator.',
        );
      }
      const settings = await ctx.settings.get();
      if (settings.maintenanceMode && user.userType !== 'admin') {
        throw httpError.unavailable(
          'MAINTENANCE',
          'The platform is under maintenance. Please try again later.',
        );
      }
      await ctx.tokens.publishStatus(user.id, user.status);
      const token = await ctx.tokens.sign(user, settings.sessionTimeout);
      return { token, user: publicUser(user) };
    },

    async me(userId: number): Promise<User> {
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('Account no longer exists');
      return publicUser(user);
    },
  };
}

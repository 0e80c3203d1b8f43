import {
  translate,
  type Language,
  type LoginInput,
  type LoginResponse,
  type LoginAnswer,
  type Registration,
  type TotpSetup,
  type User,
} from '@medrelay/contracts';
import { placeChange } from '@medrelay/domain/pickup-points';
import { mustUseTwoFactor } from '@medrelay/domain/two-factor';
import { licenceHeldAtRegistration, registrationStatus } from '@medrelay/domain/user-status';
import { AppError, httpError, withTransaction } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { queueMail } from '../mail/outbox';
import { dummyHash, hashPassword, verifyPassword } from '../passwords';
import { reopenRejectedRegistration } from '../registrations/reapply-repo';
import { queueRegistrationFollowUp } from '../registrations/follow-up';
import { newDeviceKey } from '../devices/cookie';
import { isKnownDevice, rememberDevice } from '../devices/repo';
import { accountMail } from './account-mail';
import { createTwoFactorService, secondFactorWrong, wrongSecondStepCodes } from '../two-factor/service';
import { SignInChallenges } from './challenges';
import { checkNewPassword, isWeakPassword } from './password-check';
import { SignInLockout } from './lockout';
import {
  findCredentialsByEmail,
  findUserById,
  holdLicenseForReview,
  insertUser,
  languageOfEmail,
  publicUser,
  shareLockStatus,
} from '../users/repo';

export function createAuthService(ctx: IdentityContext) {
  const c = ctx.config;
  const { unlockMail } = accountMail(ctx);
  const lockout = new SignInLockout(ctx.redis, ctx.prefix, {
    freeFailures: c.LOGIN_FREE_FAILURES,
    baseDelayMs: c.LOGIN_DELAY_BASE_SECONDS * 1000,
    maxDelayMs: c.LOGIN_DELAY_MAX_SECONDS * 1000,
    pairMemorySeconds: c.LOGIN_FAILURE_MEMORY_SECONDS,
    lockFailures: c.LOGIN_LOCK_FAILURES,
    lockWindowSeconds: c.LOGIN_LOCK_WINDOW_SECONDS,
    lockMs: c.LOGIN_LOCK_SECONDS * 1000,
  });

  /**
   * The administrator hears of a lock, and the owner gets a link that lets a device of theirs in
   * (outbox, so the notices survive a crash after it).
   */
  async function noteLock(email: string) {
    const settings = await ctx.settings.get();
    await withTransaction(ctx.pool, async (client) => {
      const found = await findCredentialsByEmail(client, email);
      ctx.logger.warn({ userId: found?.user.id ?? null }, 'account locked after repeated failed sign-ins');
      // An e-mail nobody registered is locked too (the answer must not tell), but is no news.
      if (!found) return;
      await queueMail(client, settings, {
        template: 'admin-account-locked',
        to: settings.adminEmail,
        language: (await languageOfEmail(client, settings.adminEmail)) ?? 'en',
        idempotencyKey: `account-locked:${found.user.id}:${Date.now()}`,
        data: {
          name: found.user.name,
          email: found.user.email,
          userType: found.user.userType,
          failures: String(c.LOGIN_LOCK_FAILURES),
          minutes: String(Math.round(c.LOGIN_LOCK_SECONDS / 60)),
          windowMinutes: String(Math.round(c.LOGIN_LOCK_WINDOW_SECONDS / 60)),
          reviewUrl: `${c.PUBLIC_URL}/admin/users`,
        },
      });
      await unlockMail(client, settings, found.user, `locked:${Date.now()}`);
    });
    ctx.outbox.nudge();
  }

  const twoFactor = createTwoFactorService(ctx);
  const challenges = new SignInChallenges(ctx.redis, ctx.prefix);
  // Wrong second-step codes per account, whatever the challenge (a reset forgives them).
  const codeFailures = wrongSecondStepCodes(ctx);
  const signInExpired = () => new AppError(401, 'SIGN_IN_EXPIRED', 'signInExpired');
  // Turned down at registration (a reason, never approved): what its e-mail said, not "suspended".
  const refusedAccount = (user: Pick<User, 'rejectionReason'>) =>
    new AppError(403, 'ACCOUNT_REJECTED', user.rejectionReason ? 'registrationRejected' : 'accountRejected');

  /**
   * The session at the end of every sign-in. The status is read, published and signed under a
   * share lock: a suspension (which takes the row FOR UPDATE and revokes before committing)
   * either waits for this token and then revokes it, or commits first and this sign-in sees
   * "rejected". The browser becomes a known device of the account.
   */
  async function startSession(userId: number, deviceKey: string, weak: boolean): Promise<LoginResponse> {
    const settings = await ctx.settings.get();
    const token = await withTransaction(
      ctx.pool,
      async (client) => {
        const user = await findUserById(client, userId);
        const status = await shareLockStatus(client, userId);
        if (!user || !status) throw httpError.unauthenticated('accountGone');
        if (status === 'rejected') throw refusedAccount(user);
        if (settings.maintenanceMode && user.userType !== 'admin') {
          throw httpError.unavailable('MAINTENANCE', 'maintenance');
        }
        await ctx.tokens.publishStatus(userId, status);
        return ctx.tokens.sign({ ...user, status }, settings.sessionTimeout);
      },
      { lockTimeout: '5s' },
    );
    await rememberDevice(ctx.pool, userId, deviceKey);
    const user = (await findUserById(ctx.pool, userId))!;
    return { token, user: publicUser(user), ...(weak ? { passwordChangeAdvised: true } : {}) };
  }

  /** After a commit, telling Redis is best effort: the token claim and the start-up restore cover a miss. */
  return {
    /**
     * Registers. An e-mail that already has an account gets exactly the answer a new one gets, in
     * the same time: the request does the same work either way (the new row, written or refused by the
     * address's index, then a second statement, then one follow-up job in the outbox) and the
     * worker does what differs after the answer (registrations/follow-up.ts): a new account's
     * event, welcome and verification e-mail and digest notice, or the owner of the address told
     * (at most once an hour). One whose account was rejected at registration applies again: its
     * application is replaced and waits for review (whatever auto-approve says: an administrator
     * turned it down), told as a new one is.
     */
    async register(input: Registration, requestLanguage: Language): Promise<{ message: string }> {
      const settings = await ctx.settings.get();
      const status = registrationStatus(input.userType, settings.autoApproveUsers);
      const language = input.language ?? requestLanguage;
      checkNewPassword(settings, input.password, input, 'password', requestLanguage);
      const passwordHash = await hashPassword(input.password);
      await withTransaction(ctx.pool, async (client) => {
        const application = { ...input, ...placeChange({}, input), passwordHash, status, language };
        // New: the user's row and its profile's. Taken: the refused row and the reopening's locked
        // read (users/repo.ts, registrations/reapply-repo.ts). Two statements each, then one job.
        let id = await insertUser(client, application);
        const again = id === null;
        if (again) id = await reopenRejectedRegistration(client, application, ctx.clock.now());
        if (id === null) return queueRegistrationFollowUp(client, { kind: 'existing', email: input.email });
        // Approved at once, its pharmacist's licence still waits for an administrator.
        if (!again && licenceHeldAtRegistration(input, status)) await holdLicenseForReview(client, id);
        await queueRegistrationFollowUp(client, {
          kind: 'registered',
          userId: id,
          again,
          status: again ? 'pending' : status,
          language,
        });
      });
      ctx.outbox.nudge();
      const message = translate(
        status === 'approved' ? 'registrationApproved' : 'registrationPending',
        requestLanguage,
      );
      return { message };
    },

    /**
     * Signs in. Each attempt is claimed per account-and-address before the password is checked
     * (so parallel guesses cannot slip past); see auth/lockout.ts for the policy. The answer
     * never says whether the e-mail exists: unknown e-mails are throttled and locked alike.
     */
    async login(
      input: LoginInput,
      address: string,
      device: string | null,
    ): Promise<{ answer: LoginAnswer; deviceKey: string }> {
      // A browser this account knows is never locked out by others' guesses.
      const known = device && (await isKnownDevice(ctx.pool, input.email, device)) ? device : null;
      const claim = await lockout.claim(input.email, address, known);
      if (!claim.allowed) {
        if (claim.reason === 'locked') {
          throw new AppError(429, 'ACCOUNT_LOCKED', 'accountLocked', {
            details: { retryAfterSeconds: claim.retryAfterSeconds },
            headers: { 'Retry-After': String(claim.retryAfterSeconds) },
          });
        }
        throw httpError.tooManyRequests(claim.retryAfterSeconds);
      }
      const found = await findCredentialsByEmail(ctx.pool, input.email);
      const valid = await verifyPassword(found?.passwordHash ?? (await dummyHash), input.password);
      if (!found || !valid) {
        if (await lockout.failed(input.email, address)) {
          await noteLock(input.email).catch((err: Error) =>
            ctx.logger.error({ err: err.message }, 'could not note an account lock for the admin'),
          );
        }
        throw new AppError(401, 'INVALID_CREDENTIALS', 'invalidCredentials');
      }
      await lockout.succeeded(input.email, address, known);
      const deviceKey = device ?? newDeviceKey();
      const settings = await ctx.settings.get();
      // A password the policy would refuse today: the user is asked to change it.
      const weak = isWeakPassword(settings, input.password, found.user);
      if (found.user.status === 'rejected') throw refusedAccount(found.user);
      // Maintenance keeps all but administrators out (startSession): said here, at the password,
      // before a second step takes a code (a recovery code spent, and e-mailed as a sign-in) or
      // enrols an authenticator, only to be refused then.
      if (settings.maintenanceMode && found.user.userType !== 'admin') {
        throw httpError.unavailable('MAINTENANCE', 'maintenance');
      }
      // A second step before the token: the account's authenticator, or the
      // enrolment the administrator's switch requires of admins, pharmacies and NGOs.
      const stage = (await twoFactor.enabled(found.user.id))
        ? 'second-factor'
        : mustUseTwoFactor(found.user.userType, settings.twoFactorRequired)
          ? 'enrol'
          : null;
      if (stage) {
        const challenge = await challenges.create({ userId: found.user.id, deviceKey, stage, weak });
        const answer =
          stage === 'enrol'
            ? { twoFactorEnrolmentRequired: true as const, challenge }
            : { twoFactorRequired: true as const, challenge };
        return { answer, deviceKey };
      }
      return { answer: await startSession(found.user.id, deviceKey, weak), deviceKey };
    },

    /**
     * The second step: an authenticator or recovery code, each taken once (a recovery code is
     * e-mailed to the owner, naming the browser its User-Agent gives).
     */
    async loginWithCode(
      secret: string,
      code: string,
      userAgent: string | undefined,
    ): Promise<{ answer: LoginResponse; deviceKey: string }> {
      const challenge = await challenges.read(secret, 'second-factor');
      if (!challenge) throw signInExpired();
      // Counted before the check and given back when right (as confirmPassword does), so
      // parallel guesses count too: never more than the limit's codes are checked.
      const account = String(challenge.userId);
      const attempt = await codeFailures.hit(account);
      if (!attempt.allowed) {
        await codeFailures.undo(account);
        throw httpError.tooManyRequests(attempt.retryAfterSeconds);
      }
      const tries = await challenges.claimTry(secret);
      if (tries === null) {
        await codeFailures.undo(account);
        throw signInExpired();
      }
      if (!(await twoFactor.check(challenge.userId, code, { by: 'sign-in', userAgent }))) {
        if (!(await challenges.failed(secret, tries))) throw signInExpired();
        throw secondFactorWrong();
      }
      await codeFailures.undo(account);
      if (!(await challenges.finish(secret))) throw signInExpired();
      const answer = await startSession(challenge.userId, challenge.deviceKey, challenge.weak);
      return { answer, deviceKey: challenge.deviceKey };
    },

    /** Enrolment the administrator requires, inside the sign-in: a secret to scan first. */
    async loginEnrolSetup(secret: string): Promise<TotpSetup> {
      const challenge = await challenges.read(secret, 'enrol');
      if (!challenge) throw signInExpired();
      return twoFactor.setup(challenge.userId);
    },

    /** …then a code confirms it: the session starts, with the recovery codes to save. */
    async loginEnrol(secret: string, code: string) {
      const challenge = await challenges.read(secret, 'enrol');
      if (!challenge) throw signInExpired();
      const tries = await challenges.claimTry(secret);
      if (tries === null) throw signInExpired();
      // On: the owner is e-mailed and sessions opened before end (the new one starts after).
      const recoveryCodes = await twoFactor.enable(challenge.userId, code);
      if (!recoveryCodes) {
        if (!(await challenges.failed(secret, tries))) throw signInExpired();
        throw secondFactorWrong();
      }
      if (!(await challenges.finish(secret))) throw signInExpired();
      const answer = await startSession(challenge.userId, challenge.deviceKey, challenge.weak);
      return { answer: { ...answer, recoveryCodes }, deviceKey: challenge.deviceKey };
    },

    /**
     * A passkey proved the account: it holds a private key and verified its
     * user, so it counts as both factors and passes no lock-out (item 7: others' guesses at the
     * password never stop it).
     */
    async loginWithPasskey(
      userId: number,
      device: string | null,
    ): Promise<{ answer: LoginResponse; deviceKey: string }> {
      const deviceKey = device ?? newDeviceKey();
      return { answer: await startSession(userId, deviceKey, false), deviceKey };
    },

    async me(userId: number): Promise<User> {
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      return publicUser(user);
    },
  };
}

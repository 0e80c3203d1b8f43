import { createHash, randomBytes } from 'node:crypto';
import { translate, type Language, type Passkey } from '@medrelay/contracts';
import { AppError, httpError, withTransaction, type Redis } from '@medrelay/service-kit';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import Bowser from 'bowser';
import { accountMail } from '../auth/account-mail';
import { confirmPassword, type Confirmer } from '../auth/password-check';
import type { IdentityContext } from '../context';
import { findUserById } from '../users/repo';
import {
  deletePasskey,
  findPasskey,
  insertPasskey,
  passkeysOf,
  usePasskey,
  type StoredPasskey,
} from './repo';

const challengeSeconds = 300;
const passkeyRefused = () => new AppError(401, 'SECOND_FACTOR_WRONG', 'passkeyRefused');

/**
 * A browser and system named from the User-Agent, for a list a person reads ("Chrome on Android",
 * "Chrome على Android"); product names stay as their makers write them.
 */
export function deviceName(userAgent: string | undefined, language: Language = 'en'): string {
  // Bowser refuses an empty string: a client that sends none is a "Browser", and so is one it
  // does not know (curl, okhttp, Node's fetch), whose name it gives as "" (the list showed no name).
  const parsed = userAgent?.trim() ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name || translate('deviceBrowser', language);
  const system = parsed?.os.name;
  return system ? translate('deviceOnSystem', language, { browser, system }) : browser;
}

const toPasskey = (p: StoredPasskey): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

/** The origin the browser signed (clientDataJSON), when it belongs to the relying party. */
function signedOrigin(response: { response: { clientDataJSON?: unknown } }, rpID: string): string {
  const data = response.response.clientDataJSON;
  let origin = '';
  try {
    origin = JSON.parse(Buffer.from(String(data), 'base64url').toString('utf8')).origin ?? '';
  } catch {
    throw passkeyRefused();
  }
  const url = URL.canParse(origin) ? new URL(origin) : null;
  // The relying party's domain (or a subdomain), over https; plain http only on localhost.
  const ours = url && (url.hostname === rpID || url.hostname.endsWith(`.${rpID}`));
  const secure = url && (url.protocol === 'https:' || url.hostname === 'localhost');
  if (!ours || !secure) throw passkeyRefused();
  return origin;
}

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server. Adding one needs a signed-in session and
 * the password again (a stolen session alone must not plant a way in), and the owner is told
 * by e-mail; signing in with one needs nothing else: the authenticator holds a private key and
 * verifies its user (fingerprint, face, PIN), so it counts as two factors. Challenges live in
 * Redis for 5 minutes and are taken once.
 */
export function createPasskeyService(ctx: IdentityContext) {
  const rpID = ctx.config.WEBAUTHN_RP_ID ?? new URL(ctx.config.PUBLIC_URL).hostname;
  const redis: Redis = ctx.redis;
  const key = (kind: string, id: string) =>
    `${ctx.prefix}:passkey:${kind}:${createHash('sha256').update(id).digest('base64url')}`;
  const take = async (k: string) => {
    const value = await redis.getdel(k);
    if (!value) throw new AppError(401, 'SIGN_IN_EXPIRED', 'signInExpired');
    return value;
  };

  return {
    async registrationOptions(who: Confirmer, password: string, language: Language) {
      const userId = who.id;
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      await confirmPassword(ctx, who, password, 'password', language);
      const settings = await ctx.settings.get();
      const options = await generateRegistrationOptions({
        rpName: settings.systemName,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(`medrelay-user-${user.id}`),
        attestationType: 'none',
        excludeCredentials: (await passkeysOf(ctx.pool, userId)).map((p) => ({ id: p.id })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await redis.set(key('add', String(userId)), options.challenge, 'EX', challengeSeconds);
      return { ...options };
    },

    async register(userId: number, response: RegistrationResponseJSON, userAgent: string | undefined) {
      const expectedChallenge = await take(key('add', String(userId)));
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge,
        expectedOrigin: signedOrigin(response, rpID),
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) throw passkeyRefused();
      const { credential } = verified.registrationInfo;
      const user = await findUserById(ctx.pool, userId);
      if (!user) throw httpError.unauthenticated('accountGone');
      const passkey = {
        id: credential.id,
        userId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        // Named in the account's language, as its e-mail and settings show it.
        name: deviceName(userAgent, user.language),
      };
      const settings = await ctx.settings.get();
      await withTransaction(ctx.pool, async (client) => {
        if (await insertPasskey(client, passkey)) {
          await accountMail(ctx).passkeyAddedMail(client, settings, user, passkey.name);
        }
      });
      ctx.outbox.nudge();
      return toPasskey({ ...passkey, createdAt: ctx.clock.now(), lastUsedAt: null });
    },

    list: async (userId: number) => (await passkeysOf(ctx.pool, userId)).map(toPasskey),

    /** Removes one, and e-mails the owner (as adding one does): a stolen session cannot take it away unseen. */
    async remove(userId: number, id: string) {
      const settings = await ctx.settings.get();
      await withTransaction(ctx.pool, async (client) => {
        const name = await deletePasskey(client, userId, id);
        if (name === null) throw httpError.notFound();
        const owner = await findUserById(client, userId);
        if (owner) await accountMail(ctx).passkeyRemovedMail(client, settings, owner, name);
      });
      ctx.outbox.nudge();
    },

    /** Options for a discoverable credential (the phone offers the account's passkeys). */
    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      const challenge = randomBytes(32).toString('base64url');
      await redis.set(key('login', challenge), options.challenge, 'EX', challengeSeconds);
      return { challenge, options: { ...options } };
    },

    /** The account a passkey's signature proves (user verified, counter moving forward), else refused. */
    async signIn(challenge: string, response: AuthenticationResponseJSON): Promise<number> {
      const expectedChallenge = await take(key('login', challenge));
      const passkey = await findPasskey(ctx.pool, response.id);
      if (!passkey) throw passkeyRefused();
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: signedOrigin(response, rpID),
        expectedRPID: rpID,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) throw passkeyRefused();
      if (!(await usePasskey(ctx.pool, passkey.id, verified.authenticationInfo.newCounter, ctx.clock.now())))
        throw passkeyRefused();
      return passkey.userId;
    },
  };
}

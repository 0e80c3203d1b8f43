import { translate, type Language } from '@medrelay/contracts';
import { AppError, httpError, RateLimiter, withTransaction } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { rememberDevice } from '../devices/repo';
import { useLink } from '../links/links';
import { findCredentialsByEmail } from '../users/repo';
import { accountMail } from './account-mail';

export const linkInvalid = () => new AppError(400, 'LINK_INVALID', 'linkInvalid');

/**
 * Links asked for by e-mail address (issue 27). The answer never says whether the address has an
 * account: the same 202 either way; only an address asking too often is refused (429), and an
 * account gets at most LINK_MAILS_PER_ACCOUNT such e-mails an hour (more are silently not sent).
 */
export function createLinkService(ctx: IdentityContext) {
  const c = ctx.config;
  const mail = accountMail(ctx);
  const perAddress = new RateLimiter(
    ctx.redis,
    `${ctx.prefix}:links:address`,
    c.LINK_REQUESTS_PER_ADDRESS,
    3600,
  );
  const perAccount = new RateLimiter(
    ctx.redis,
    `${ctx.prefix}:links:account`,
    c.LINK_MAILS_PER_ACCOUNT,
    3600,
  );

  /** Runs `send` for the account with this e-mail, if there is one and it may get another e-mail now. */
  async function forAccount(
    email: string,
    address: string,
    send: (owner: NonNullable<Awaited<ReturnType<typeof findCredentialsByEmail>>>['user']) => Promise<void>,
  ) {
    const asked = await perAddress.hit(address);
    if (!asked.allowed) throw httpError.tooManyRequests(asked.retryAfterSeconds);
    const found = await findCredentialsByEmail(ctx.pool, email);
    if (!found || found.user.status === 'rejected') return;
    if (!(await perAccount.hit(`${found.user.id}`)).allowed) return;
    await send(found.user);
    ctx.outbox.nudge();
  }

  return {
    forAccount,

    async requestUnlock(email: string, address: string, language: Language) {
      const settings = await ctx.settings.get();
      await forAccount(email, address, (owner) =>
        withTransaction(ctx.pool, (client) =>
          mail.unlockMail(client, settings, owner, `asked:${ctx.clock.now().getTime()}`),
        ),
      );
      return { message: translate('unlockSent', language) };
    },

    /** Opens an unlock link: the browser (its device key) becomes known to the account. */
    async unlock(token: string, deviceKey: string, language: Language) {
      await withTransaction(ctx.pool, async (client) => {
        const link = await useLink(client, token, ['unlock'], ctx.clock.now());
        if (!link) throw linkInvalid();
        await rememberDevice(client, link.userId, deviceKey);
      });
      return { message: translate('deviceTrusted', language) };
    },
  };
}

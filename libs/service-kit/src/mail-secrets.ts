import { parseSealingKeys, sealingBox } from './sealing';

/**
 * Secrets an e-mail carries (a handover code) travel sealed in the mail job, for its recipient
 * alone: the outbox row, the queue and the admin's queue board hold only the sealed text, and
 * only the mail worker opens it, just before rendering. Bound to the recipient's address, so a
 * sealed value copied into another job does not open.
 */
export function mailSecrets(sealingKeys: string) {
  const box = sealingBox(parseSealingKeys(sealingKeys), 'mail-secrets');
  const context = (to: string) => `mail:${to}`;
  return {
    /** The job's `sealed` field for these values. */
    seal: <Name extends string>(to: string, values: Record<Name, string>): Record<Name, string> =>
      Object.fromEntries(
        Object.entries<string>(values).map(([name, value]) => [name, box.sealText(context(to), value)]),
      ) as Record<Name, string>,
    /**
     * The job's data with its sealed values opened. Throws when one cannot be opened (its key left
     * the keyring): the job fails visibly rather than send an e-mail without its code.
     */
    open(job: { to: string; data: object; sealed?: Record<string, string> }): Record<string, unknown> {
      const opened: Record<string, string> = {};
      for (const [name, text] of Object.entries(job.sealed ?? {})) {
        const value = box.openText(context(job.to), text);
        if (value === null) throw new Error(`mail job: the sealed ${name} cannot be opened (key gone?)`);
        opened[name] = value;
      }
      return { ...job.data, ...opened };
    },
  };
}
export type MailSecrets = ReturnType<typeof mailSecrets>;

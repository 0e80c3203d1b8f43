import { readFileSync } from 'node:fs';
import path from 'node:path';
import { userTypes, type UserType } from '@medrelay/contracts';
import { z } from 'zod';

/** A deployed version's folder name: build time (UTC, to the second) and content digest. */
export const remoteVersionPattern = /^\d{14}-[0-9a-f]{8}$/;

/** One entry of /mf/remotes.json: where the shell finds a role's remote. */
export const remoteLocationSchema = z.object({
  name: z.string().regex(/^mf_[a-z]+$/),
  role: z.enum(userTypes),
  entry: z.string().regex(/^\/mf\/[a-z]+\/[\w.-]+\/mf-manifest\.json$/),
});
export type RemoteLocation = z.infer<typeof remoteLocationSchema> & { role: UserType };

/**
 * The remotes deployed on their own, from `<deployDir>/remotes.json` (written atomically by
 * `npm run deploy:remote`). A missing or unreadable file means none: the default builds serve.
 * Entries are checked one by one: a bad entry is reported and skipped, the others still serve.
 */
export function readDeployedRemotes(
  deployDir: string,
  reportBadEntry: (problem: { entry: unknown; issue: string }) => void = () => {},
): RemoteLocation[] {
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(path.join(deployDir, 'remotes.json'), 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) {
    reportBadEntry({ entry: entries, issue: 'remotes.json is not a list' });
    return [];
  }
  return entries.flatMap((entry: unknown) => {
    const parsed = remoteLocationSchema.safeParse(entry);
    if (parsed.success) return [parsed.data];
    reportBadEntry({
      entry,
      issue: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    });
    return [];
  });
}

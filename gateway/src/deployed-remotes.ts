import { readFileSync } from 'node:fs';
import path from 'node:path';
import { userTypes, type UserType } from '@medrelay/contracts';
import { z } from 'zod';

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
 */
export function readDeployedRemotes(deployDir: string): RemoteLocation[] {
  try {
    const parsed = z
      .array(remoteLocationSchema)
      .safeParse(JSON.parse(readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { UserType } from '@medrelay/contracts';
import type { RoleRemoteModule } from '@medrelay/ui';

/** One entry of `/mf/remotes.json`, which the gateway writes from what is deployed. */
export interface RemoteLocation {
  name: string;
  role: UserType;
  entry: string;
}

export class RemoteUnavailableError extends Error {
  constructor(readonly role: UserType) {
    super(`No remote is deployed for the ${role} area`);
  }
}

/**
 * Finds the role's remote at run time (so a redeployed remote shows without rebuilding the
 * shell) and loads its `./app` module. Each call re-reads the list, so a retry after a failed
 * deploy picks up the fixed one.
 */
export async function loadRoleRemote(role: UserType): Promise<RoleRemoteModule> {
  const res = await fetch('/mf/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new RemoteUnavailableError(role);
  const remotes = (await res.json()) as RemoteLocation[];
  const remote = remotes.find((r) => r.role === role);
  if (!remote) throw new RemoteUnavailableError(role);
  registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
  const module = await loadRemote<{ default: RoleRemoteModule }>(`${remote.name}/app`);
  if (!module?.default?.lifecycles) throw new RemoteUnavailableError(role);
  return module.default;
}

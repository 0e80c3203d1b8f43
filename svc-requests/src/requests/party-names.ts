import { partyName } from '@medrelay/domain';
import {
  findReadModelUser,
  type Caller,
  type Pool,
  type PoolClient,
  type ReadModelUser,
} from '@medrelay/service-kit';
import { schema } from '../context';

/** A read-model user as others are told of them (libs/domain `partyName`): its organisation, else its name. */
export const shownNameOf = (user: Pick<ReadModelUser, 'name' | 'organization_name'>): string =>
  partyName(user.name, user.organization_name);

/**
 * The caller as the other party's notice names them: as the e-mails do, from the read model
 * (current, with the organisation), not the token's sign-in name; that only until the account's
 * first user event has arrived.
 */
export async function callerShownName(db: Pool | PoolClient, caller: Caller): Promise<string> {
  const user = await findReadModelUser(db, schema, caller.id);
  return user ? shownNameOf(user) : caller.name;
}

import type { UserType } from '@medrelay/contracts';

/** Brand colours per role (spec §1: each role has its own theme; pharmacy is the default). */
export const roleBrandColours: Record<UserType, string> = {
  pharmacy: '#0f7b6c',
  ngo: '#1f5fad',
  donor: '#b4441f',
  admin: '#5b3fa6',
};

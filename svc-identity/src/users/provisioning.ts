import { fileURLToPath } from 'node:url';
import { normalizePhone } from '@medrelay/domain';
import { defaultSettings } from '@medrelay/contracts';
import { passwordProblems, type PasswordProblem } from '@medrelay/domain/password-policy';
import { migrate, withTransaction, type Pool } from '@medrelay/service-kit';
import { readSettingsValues } from '../settings/repo';
import { hashPassword, verifyPassword } from '../passwords';
import { recordUserEvent } from './events';
import { findCredentialsByEmail, findUserById, insertUser, updatePasswordHash, type NewUser } from './repo';

export const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/**
 * Creates an account outside self-registration (administrators, demo data), with its user
 * event so other services learn of it. Idempotent: an existing e-mail is left as it is.
 */
export async function provisionAccount(
  pool: Pool,
  account: Omit<NewUser, 'passwordHash'> & { password: string },
): Promise<{ id: number | null; created: boolean }> {
  const passwordHash = await hashPassword(account.password);
  // Stored in E.164 like registrations (a number that does not parse stays as given).
  const phone = normalizePhone(account.phone) ?? account.phone;
  return withTransaction(pool, async (client) => {
    // An operator made it: the address counts as proven.
    const id = await insertUser(client, { ...account, phone, passwordHash, emailVerified: true });
    if (id === null) return { id: null, created: false };
    await recordUserEvent(client, 'user.registered', (await findUserById(client, id))!);
    return { id, created: true };
  });
}

/** Meets the password policy, so demo sign-ins are not asked to change it. */
/**
 * What the platform's password policy refuses in a
 * password an operator gives an account (create-admin): empty when it may be used.
 */
export async function operatorPasswordProblems(
  pool: Pool,
  account: { email: string; name: string; password: string },
): Promise<PasswordProblem[]> {
  const policyOn = (await readSettingsValues(pool))?.passwordPolicy ?? defaultSettings.passwordPolicy;
  return passwordProblems(account.password, policyOn, account);
}

export const demoPassword = 'Lotus-Demo-2026';
/** The demo password before: a `var/` seeded with it is moved to the new one. */
const formerDemoPassword = 'demo1234';

/**
 * Demo accounts for `npm start` (spec: an admin, two of each role, one pending of each
 * self-registering role), at real places in Giza, Cairo, Alexandria, Gharbia, Aswan and Dakahlia
 * so distances make sense to a newcomer.
 */
export const demoAccounts: Array<Omit<NewUser, 'passwordHash'>> = [
  {
    email: 'admin@medrelay.eg',
    name: 'MedRelay Admin',
    phone: '01000000000',
    userType: 'admin',
    status: 'approved',
    language: 'en',
  },
  {
    email: 'pharmacy@medrelay.eg',
    name: 'Nile Pharmacy – Dokki',
    phone: '01011111111',
    userType: 'pharmacy',
    status: 'approved',
    language: 'en',
    commercialLicense: 'CL-GZ-10231',
    address: '15 Mesaha Square, Dokki, Giza',
    governorate: 'giza',
    area: 'dokki',
    pin: { lat: 30.03831, lng: 31.21183 },
  },
  {
    email: 'pharmacy2@medrelay.eg',
    name: 'Misr Pharmacy – Nasr City',
    phone: '01011111112',
    userType: 'pharmacy',
    status: 'approved',
    language: 'ar',
    commercialLicense: 'CL-CA-20877',
    address: '42 Abbas El Akkad St, Nasr City, Cairo',
    governorate: 'cairo',
    area: 'nasr-city',
    pin: { lat: 30.05938, lng: 31.34005 },
  },
  {
    email: 'ngo@medrelay.eg',
    name: 'Mona Adel',
    phone: '01022222221',
    userType: 'ngo',
    status: 'approved',
    language: 'en',
    organizationName: 'Al Amal Health Association',
    commercialNumber: 'NGO-4471',
    pharmacistLicense: '104471',
    address: '8 Port Said St, Sayeda Zeinab, Cairo',
    governorate: 'cairo',
    area: 'downtown',
    pin: { lat: 30.02968, lng: 31.24253 },
  },
  {
    email: 'ngo2@medrelay.eg',
    name: 'Youssef Samir',
    phone: '01022222222',
    userType: 'ngo',
    status: 'approved',
    language: 'ar',
    organizationName: 'Nour Community Foundation',
    commercialNumber: 'NGO-5120',
    pharmacistLicense: '105120',
    address: '3 El Gomhoreya St, Shubra, Cairo',
    governorate: 'cairo',
    area: 'shubra',
  },
  {
    email: 'donor@medrelay.eg',
    name: 'Ahmed Hassan',
    phone: '01033333331',
    userType: 'donor',
    status: 'approved',
    language: 'en',
    address: 'Maadi, Cairo',
    governorate: 'cairo',
    area: 'maadi',
  },
  {
    email: 'donor2@medrelay.eg',
    name: 'Mariam Fawzy',
    phone: '01033333332',
    userType: 'donor',
    status: 'approved',
    language: 'ar',
    address: 'Sidi Gaber, Alexandria',
    governorate: 'alexandria',
    area: 'sidi-gaber',
    pin: { lat: 31.21874, lng: 29.94201 },
  },
  {
    email: 'pending-pharmacy@medrelay.eg',
    name: 'Delta Pharmacy – Tanta',
    phone: '01044444441',
    userType: 'pharmacy',
    status: 'pending',
    language: 'en',
    commercialLicense: 'CL-GH-30012',
    address: '21 El Bahr St, Tanta',
    governorate: 'gharbia',
    area: 'tanta',
  },
  {
    email: 'pending-ngo@medrelay.eg',
    name: 'Salma Ibrahim',
    phone: '01044444442',
    userType: 'ngo',
    status: 'pending',
    language: 'ar',
    organizationName: 'Hope Bridge Charity',
    commercialNumber: 'NGO-6603',
    pharmacistLicense: '106603',
    governorate: 'aswan',
    area: 'aswan-city',
  },
  {
    email: 'pending-donor@medrelay.eg',
    name: 'Karim Mostafa',
    phone: '01044444443',
    userType: 'donor',
    status: 'pending',
    language: 'en',
    governorate: 'dakahlia',
    area: 'mansoura',
  },
];

/** Migrates identity and adds the demo accounts that do not exist yet. */
export async function seedDemoAccounts(pool: Pool): Promise<number> {
  await migrate(pool, 'identity', migrationsDir);
  let created = 0;
  for (const account of demoAccounts) {
    if ((await provisionAccount(pool, { ...account, password: demoPassword })).created) created += 1;
    else {
      const existing = await findCredentialsByEmail(pool, account.email);
      if (existing && (await verifyPassword(existing.passwordHash, formerDemoPassword)))
        await updatePasswordHash(pool, existing.user.id, await hashPassword(demoPassword));
    }
  }
  return created;
}

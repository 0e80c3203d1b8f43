// Plain constants with no zod: the browser's first load imports these without the schemas.
export const userTypes = ['pharmacy', 'ngo', 'donor', 'admin'] as const;
export type UserType = (typeof userTypes)[number];
export const selfRegisteringUserTypes = ['pharmacy', 'ngo', 'donor'] as const;
export type SelfRegisteringUserType = (typeof selfRegisteringUserTypes)[number];

export const userStatuses = ['pending', 'approved', 'rejected'] as const;
export type UserStatus = (typeof userStatuses)[number];

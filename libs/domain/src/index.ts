export * from './permissions';
export * from './user-status';
export * from './requests';
export * from './expiry';
export * from './stats';
export * from './transfers';
export * from './stock';

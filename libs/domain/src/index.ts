export * from './permissions';
export * from './user-status';
export * from './requests';
export * from './expiry';
export * from './stats';
export * from './report';
export * from './transfers';
export * from './donations';

export * from './http';
export * from './query-client';
export * from './session';
export * from './expiry';
export * from './download';
export * from './catalog';
export * from './requests';
export * from './products';

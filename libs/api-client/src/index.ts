export * from './http';
export * from './call';
export * from './query-client';
export * from './session';
export * from './expiry';
export * from './download';
export * from './catalog';
export * from './requests';

export * from './messages';
export * from './errors';
export * from './fields';
export * from './users';
export * from './settings';
export * from './auth';
export * from './events';
export * from './mail';

export * from './setup';
export * from './format';
export * from './common';

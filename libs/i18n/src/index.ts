export * from './setup';
export * from './format';
export * from './common';
export type { ArabicPlurals } from './plurals';

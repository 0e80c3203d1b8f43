export * from './setup';
export * from './format';
export * from './common';
export { shownName } from './names';
export type { ArabicPlurals } from './plurals';

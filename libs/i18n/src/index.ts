export * from './setup';
export * from './format';
export * from './common';
export { shownName, useShownName } from './names';
export type { ArabicPlurals } from './plurals';

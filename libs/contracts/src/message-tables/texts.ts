import type { Language } from '../languages';

/** A message in every language. */
export type Texts = Record<Language, string>;

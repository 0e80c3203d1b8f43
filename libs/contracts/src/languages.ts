/** The languages of the product (spec §1), apart from the messages so importing them stays small. */
export const languages = ['en', 'ar'] as const;
export type Language = (typeof languages)[number];

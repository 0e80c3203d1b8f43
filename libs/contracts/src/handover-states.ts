/**
 * How a completed request was handed over: with the requester's code (`code`), or on the
 * requester's "Mark as Collected" alone (`unconfirmed`) until the owner confirms or disputes it.
 */
export const handoverStates = ['code', 'unconfirmed', 'confirmed', 'disputed'] as const;
export type HandoverState = (typeof handoverStates)[number];

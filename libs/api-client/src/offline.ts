// What the page and MedRelay's service worker (shell/worker) agree on for a weak or missing
// connection: the headers the worker sets, the caches it keeps, and how the page hears of them.
// docs/offline.md describes the design.

/** On an API answer the worker took from its saved copies: when that copy was fetched (ISO 8601). */
export const savedAtHeader = 'X-MedRelay-Saved-At';
/** On the worker's 202 for a form kept until the connection returns: the form's idempotency key. */
export const keptHeader = 'X-MedRelay-Kept';
/** Every user's saved API answers live in a cache named with this prefix and the user's id. */
export const apiCachePrefix = 'medrelay-api-';
/** Outcomes of kept forms sent later, until a tab has shown them. */
export const formOutcomesCache = 'medrelay-form-outcomes';

/** Window events (one page, several bundled copies of this module: the shell's and each remote's). */
export const offlineEvents = {
  /** detail: { url, savedAt } — a list shown from a saved copy. */
  savedCopy: 'medrelay:saved-copy',
  /** detail: { url } — a list fetched fresh. */
  freshCopy: 'medrelay:fresh-copy',
} as const;

export interface SavedCopyDetail {
  url: string;
  savedAt: string;
}

/** Tells the page whether a GET's answer came from the network or from a saved copy. */
export function reportAnswerSource(url: string, res: Response): void {
  // A page only (the service worker reads this module's names, not its events).
  const page = globalThis as unknown as EventTarget & { document?: unknown };
  if (!page.document || typeof CustomEvent === 'undefined') return;
  const savedAt = res.headers.get(savedAtHeader);
  page.dispatchEvent(
    savedAt
      ? new CustomEvent<SavedCopyDetail>(offlineEvents.savedCopy, { detail: { url, savedAt } })
      : new CustomEvent(offlineEvents.freshCopy, { detail: { url } }),
  );
}

/**
 * A form the connection did not carry: the worker keeps it and sends it once back online (the
 * outcome is shown then). Not a failure: the screen says it will be sent.
 */
export class KeptForLaterError extends Error {
  constructor(readonly idempotencyKey: string) {
    super('Kept: will be sent when the connection returns');
    this.name = 'KeptForLaterError';
  }
}

/** Whether an error is a kept form (checked by name: each remote bundles its own copy of the class). */
export function isKeptForLater(error: unknown): error is KeptForLaterError {
  return error instanceof Error && error.name === 'KeptForLaterError';
}

/** The page's message to the worker at sign-out: forget the saved answers, even those on their way. */
export const forgetSavedAnswersMessage = 'medrelay:forget-saved-answers';

/** Deletes every user's saved answers on this device (at sign-out). */
export async function forgetSavedAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  // A list still on its way through the worker (the page's abort does not stop the worker's own
  // fetch) would be saved after the delete below and bring the cache back: the worker is told,
  // and drops what it saves for a request that began before this.
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  worker?.postMessage({ type: forgetSavedAnswersMessage });
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(apiCachePrefix)).map((n) => caches.delete(n)));
}

import { useRef, useState } from 'react';
import { focusHeading, whenSettled } from '@medrelay/ui';

/** The data attribute on a row's decision buttons (Approve, Reject, Suspend, Re-approve). */
export const reviewActionAttribute = 'data-review-action';

/**
 * Gives focus back once a row's review dialog has closed and its decision (if one was made) has
 * settled and the lists were asked again: to the button that opened it while it is still there
 * and enabled (dismissed, or a failed decision); else to the row's decision that took its place
 * (Re-approve after Suspend or Reject); the row gone from the list (a status filter), to the
 * next row's first button, else the previous row's, else the page's heading. Without this, the
 * button, disabled while the decision ran, or replaced by the next one, could not take focus back
 * and it fell to the page's body.
 */
function giveFocusBack(row: HTMLElement, trigger: HTMLButtonElement | null, decision?: Promise<unknown>) {
  const neighbour = row.nextElementSibling ?? row.previousElementSibling;
  let scope = row.parentElement;
  while (scope && !scope.querySelector('h1')) scope = scope.parentElement;
  const heading = scope?.querySelector<HTMLElement>('h1');
  const enabled = (within: Element | null | undefined, selector: string) =>
    within?.isConnected ? within.querySelector<HTMLElement>(`${selector}:not([disabled])`) : null;
  void (async () => {
    await decision?.catch(() => undefined);
    // The dialog gone (its exit animation over), and the row shown as the decision left it.
    await whenSettled(
      () =>
        !row.ownerDocument.querySelector('[role="dialog"], [role="alertdialog"]') &&
        !(trigger?.isConnected && trigger.disabled),
    );
    const target =
      (trigger?.isConnected && !trigger.disabled ? trigger : null) ??
      enabled(row, `[${reviewActionAttribute}]`) ??
      enabled(row, 'button') ??
      (row.isConnected ? null : enabled(neighbour, 'button'));
    if (target) target.focus();
    else if (!row.isConnected && heading?.isConnected) focusHeading(heading);
  })();
}

/**
 * A row's review dialog, controlled (`open`, `onOpenChange` for ConfirmDialog) so that focus is
 * given back when it closes, whatever the answer: `trigger` goes on the button that opens it, and
 * `decided` receives the decision's promise from the confirm handler (which runs before the close).
 */
export function useReviewDialog() {
  const trigger = useRef<HTMLButtonElement>(null);
  const decision = useRef<Promise<unknown> | undefined>(undefined);
  const [open, setOpen] = useState(false);
  return {
    trigger,
    open,
    onOpenChange: (next: boolean) => {
      setOpen(next);
      if (next) {
        decision.current = undefined;
        return;
      }
      const row = trigger.current?.closest('li');
      if (row) giveFocusBack(row, trigger.current, decision.current);
    },
    decided: (promise: Promise<unknown>) => {
      decision.current = promise;
    },
  };
}

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Where focus lands after a decision takes away the control that had it (a row leaving a list
 * reloaded after it), so that it does not fall to the page's body: docs/front-end.md, "Keyboard
 * and focus sentinels".
 */

/** A heading focused as a landing place (not in the tab order). */
export function focusHeading(heading: HTMLElement) {
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * Resolves once `done` holds, checked each frame, or after ten seconds by the clock: a count of
 * frames can pass in a few milliseconds where none are painted (tests), and once under CI load
 * focus went to a row still shown, then fell to the body as the row left.
 */
export function whenSettled(done: () => boolean): Promise<void> {
  const until = Date.now() + 10_000;
  return new Promise((resolve) => {
    const tick = () => (done() || Date.now() >= until ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

/**
 * Where focus goes once a move takes away the button that made it, instead of falling to the page
 * body. A row that stayed (a pickup called off or collected, a listing unlisted: the row now says so) keeps it, on its
 * title; a row that left its list (a decided pending request) hands it to the next row's first
 * action, else the previous row's, else the list's heading. Read before the move (the row may be
 * gone after it); applied once the reloaded lists have taken the button away (checked each frame,
 * for ten seconds at most: a button still there keeps its focus).
 */
export function focusAfterLeaving(from: HTMLElement | null): () => void {
  const row = from?.closest<HTMLElement>('[data-testid="request-row"], [data-testid="medicine-row"]');
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  const action = neighbour?.querySelector<HTMLElement>('button:not([disabled])');
  const heading = row?.parentElement?.previousElementSibling?.querySelector<HTMLElement>('h2');
  const land = () => {
    const title = row?.isConnected ? row.querySelector<HTMLElement>('h2, h3') : null;
    if (title) return focusHeading(title);
    if (action?.isConnected) return action.focus();
    if (heading?.isConnected) focusHeading(heading);
  };
  // After React has shown the reloaded lists and the dialog has given focus back.
  return () =>
    void whenSettled(() => !from?.isConnected).then(() => {
      if (!from?.isConnected) land();
    });
}

/**
 * Navigation state for a form that, once saved, goes to another screen (Add Medicine, Add
 * Donation): its button goes with it, so the screen reached takes focus on its title.
 */
export const focusTitleOnArrival = { focusTitle: true } as const;

/**
 * Put on the element around a screen: focuses the screen's title (its `h1`) when it was reached
 * with `focusTitleOnArrival`, instead of leaving focus on the page's body.
 */
export function useTitleFocusOnArrival<T extends HTMLElement>() {
  const screen = useRef<T>(null);
  const asked = (useLocation().state as { focusTitle?: boolean } | null)?.focusTitle === true;
  useEffect(() => {
    const title = screen.current?.querySelector('h1');
    if (asked && title) focusHeading(title);
  }, [asked]);
  return screen;
}

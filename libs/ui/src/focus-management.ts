import { getParent } from '@fluentui/react-utilities';
import {
  createTabster,
  disposeTabster,
  getGroupper,
  getModalizer,
  getMover,
  getObservedElement,
  getRestorer,
  getTabster,
  TABSTER_DUMMY_INPUT_ATTRIBUTE_NAME as sentinelAttribute,
  type Types,
} from 'tabster';

let kept: Types.Tabster | undefined;
let sentinelWatch: MutationObserver | undefined;

/**
 * Sets up tabster, the focus manager under Fluent (arrow keys in tab lists, dialogs' focus trap,
 * focus given back on close), for the whole page: call it before any Fluent component that uses
 * it renders. Fluent's own set-up lets the browser move focus on Tab and has tabster put a pair
 * of focusable, aria-hidden sentinels around every focus trap, tab list and focusable group to
 * steer it (axe: aria-hidden-focus). Here tabster moves focus on Tab itself (`controlTab`, its
 * original mode), which needs no sentinels but the two of the page's root; those two are kept
 * out of the tab order. docs/front-end.md, "Keyboard and focus sentinels".
 */
export function setUpFocusManagement(win: Window = window) {
  if (kept) return;
  if (getTabster(win))
    // A Fluent component rendered before this ran, with Fluent's set-up: its sentinels stay.
    // Loud, so that a test sees it.
    console.error('tabster was set up by a Fluent component first: focus sentinels stay in the tab order');
  // Tabster keeps one instance per window, made by the first caller; later ones (Fluent's
  // components) only get it, their options ignored. It is kept for the page's life.
  kept = createTabster(win, { autoRoot: {}, controlTab: true, getParent });
  // Every app bundles its own copy of tabster, and a copy keeps state of its own (whether a Tab
  // is being handled, which a tab list reads to take Shift+Tab to its selected tab). The parts
  // Fluent asks for are made here, once for the page, so that this copy's code handles them all.
  getModalizer(kept, undefined, (element) => element.hasAttribute('data-tabster-never-hide'));
  getRestorer(kept);
  getMover(kept);
  getGroupper(kept);
  getObservedElement(kept);
  sentinelWatch = keepRootSentinelsUntabbable(win.document);
}

/**
 * Ends the page's focus management (tabster's observers and timers, and ours). A page never needs
 * it; tests do, between the test files that share one window (test-support/dom-shared.ts):
 * the next file gets a fresh tabster, and none of this file's callbacks run against its DOM.
 */
export function tearDownFocusManagement(win: Window = window) {
  sentinelWatch?.disconnect();
  sentinelWatch = undefined;
  // Whoever made it (this set-up or a Fluent component): every instance of the page's core.
  const tabster = kept ?? getTabster(win);
  if (tabster) disposeTabster(tabster, true);
  kept = undefined;
}

/**
 * The root's two sentinels (first and last child of <body>) are tabbable only while focus is
 * outside the page, to hand a Tab coming in from the browser to the page's first or last
 * control; the browser does the same without them. Tabster sets their tabindex back whenever
 * focus leaves, so each change is undone as it comes. Tabbing out past the last control still
 * works: tabster focuses the last sentinel itself and lets the browser move on from it.
 */
function keepRootSentinelsUntabbable(doc: Document): MutationObserver {
  // Elements are told by nodeType: a record read after its window's globals went has no HTMLElement.
  const sentinel = (node: Node): node is HTMLElement =>
    node.nodeType === 1 && (node as HTMLElement).hasAttribute(sentinelAttribute);
  const untab = (node: Node) => {
    if (sentinel(node) && node.tabIndex !== -1) node.tabIndex = -1;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') untab(record.target);
      for (const node of record.addedNodes) {
        if (!sentinel(node)) continue;
        untab(node);
        observer.observe(node, { attributes: true, attributeFilter: ['tabindex'] });
      }
    }
  });
  observer.observe(doc.body, { childList: true });
  return observer;
}

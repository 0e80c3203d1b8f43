// Every test file: a DOM test that set up tabster (Fluent's focus manager, libs/ui
// focus-management.ts) disposes it before the DOM is torn down; its mutation observers would
// otherwise run once more against a window whose globals are gone ("NodeFilter is not defined",
// reported by Vitest as an unhandled error that fails the run).
import { afterAll } from 'vitest';

// Named by a variable: this file is typed for Node, the module for the browser.
const focusManagement = '@medrelay/ui/focus-management';

afterAll(async () => {
  const win = (globalThis as { window?: { __tabsterInstance?: unknown } }).window;
  if (!win?.__tabsterInstance) return;
  const { tearDownFocusManagement } = (await import(focusManagement)) as {
    tearDownFocusManagement: (win: unknown) => void;
  };
  tearDownFocusManagement(win);
});

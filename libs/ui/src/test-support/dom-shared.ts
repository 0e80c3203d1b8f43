// Every DOM test file. The files of a worker share one happy-dom window and one module graph
// (importing Fluent and React again for each file cost about 3 s a file, most of the DOM run), so
// each file starts from what a fresh window would give it, and leaves nothing behind.
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { tearDownFocusManagement } from '../focus-management';

interface HappyWindow {
  happyDOM: { setViewport(size: { width: number; height: number }): void };
}

// A busy 2-core machine: findBy… waits up to 5 s for what the screen shows (1 s by default).
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  (window as unknown as HappyWindow).happyDOM.setViewport({ width: 1024, height: 768 });
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
  document.body.replaceChildren();
  history.replaceState(null, '', '/');
});

// Testing Library registers its own cleanup only in the first file that imports it.
afterEach(() => cleanup());

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Tabster (Fluent's focus manager, libs/ui focus-management.ts) is made once per window: the
  // next file gets a fresh one, not one that still counts a dialog of this file as open (it then
  // hid the next file's dialog from assistive technology, and from Testing Library's queries).
  tearDownFocusManagement(window);
});

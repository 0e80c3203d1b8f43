// Module Federation needs an asynchronous boundary before shared modules are used.
// A screen painted from index.html (landing, sign-in, 404: first-paint.mjs) gets one frame on
// screen before the app runs: when the scripts are already here (cached, or a fast connection)
// the browser would otherwise run them first, and that paint, the page's largest text (LCP),
// would wait for the app. A hidden tab gets no frames, so it does not wait.
const paintedFirst =
  document.documentElement.hasAttribute('data-first-paint') && document.visibilityState === 'visible'
    ? new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      )
    : Promise.resolve();
// The app's modules run in a few tasks rather than one (the browser paints and answers input
// between them; Total Blocking Time counts what a task takes over 50 ms): React's, then the app's
// screens with Fluent, then the start itself. Whole modules only: a dynamic import of a package's
// index keeps every export of it (the API client's whole index cost the landing page 10 KB).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void paintedFirst
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./app'))
  .then(nextTask)
  .then(() => import('./bootstrap'));

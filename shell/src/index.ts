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
void paintedFirst.then(() => import('./bootstrap'));

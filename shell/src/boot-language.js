// Runs before anything else on the page (a tiny blocking script in <head>): an Arabic reader's
// page starts right to left instead of flashing left to right until the app has loaded. The
// app (i18next) takes over with the same rule: the stored choice, then the browser's language.
(function () {
  // Zod's schemas run interpreted in the browser: its JIT probe (new Function) is refused by our
  // CSP (script-src 'self') and reported as a violation even though zod falls back. Zod keeps its
  // settings on this global, shared by every copy in the shell and the remotes; set before any.
  window.__zod_globalConfig = Object.assign(window.__zod_globalConfig || {}, { jitless: true });
  // The api-client's token key (tokenStorageKey), written onto this script's tag at build time.
  var tokenKey = document.currentScript && document.currentScript.getAttribute('data-token-key');
  var stored = null;
  try {
    stored = localStorage.getItem('i18nextLng');
  } catch {
    // Storage blocked (privacy settings): fall back to the browser's language.
  }
  var language = (stored || navigator.language || 'en').slice(0, 2) === 'ar' ? 'ar' : 'en';
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  // The tab's title too: index.html's <title> (above this script) is English; the app sets the
  // title again once loaded, which left an Arabic reader's tab in English until then.
  var arabicTitle = document.currentScript && document.currentScript.getAttribute('data-title-ar');
  if (language === 'ar' && arabicTitle) document.title = arabicTitle;
  // A visitor at / (no session to check, nowhere else to go) sees the landing page's header and
  // hero, written into index.html at build time, until the app replaces them; everyone else
  // sees the loading line as before.
  var token = null;
  try {
    token = tokenKey ? localStorage.getItem(tokenKey) : null;
  } catch {
    // As above.
  }
  // A path whose first segment the app does not know (its routes, written onto this script's tag
  // at build time) gets the 404 page's first paint instead of a blank loading line.
  var known = ((document.currentScript && document.currentScript.getAttribute('data-known')) || '').split(
    ',',
  );
  var first = location.pathname.split('/')[1] || '';
  if (location.pathname === '/' && !token)
    document.documentElement.setAttribute('data-first-paint', 'landing');
  else if (location.pathname === '/login' && !token)
    document.documentElement.setAttribute('data-first-paint', 'login');
  else if (first && known.length > 1 && known.indexOf(first) < 0)
    document.documentElement.setAttribute('data-first-paint', 'not-found');
})();

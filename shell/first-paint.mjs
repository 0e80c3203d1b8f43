// The landing page's first paint, written into index.html at build time (LCP). Before
// any script has run, a visitor at `/` without a session sees the header's brand and the hero's
// texts, in the language `boot-language.js` chose, laid out as the React page lays them out
// (same texts, same theme tokens, read from the sources here). React replaces it with the real
// page on its first render; the hero's text is then the same size, so the browser's Largest
// Contentful Paint is this paint. Buttons are left out (only their room is kept): nothing on it
// can be clicked before it works.
import { readFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

export async function firstPaint() {
  const { shellTexts } = await tsImport('./src/texts.ts', import.meta.url);
  const { common } = await tsImport('../libs/i18n/src/common.ts', import.meta.url);
  const { roleTheme } = await tsImport('../libs/ui/src/themes.ts', import.meta.url);
  // Where the session's token is kept: boot-language.js reads it from its script tag.
  const { tokenStorageKey } = await tsImport('../libs/api-client/src/http.ts', import.meta.url);
  // Visitors get the default role's theme (spec §1), as ShellTheme gives them.
  const t = roleTheme(null);
  const block = (language) => {
    const hero = shellTexts[language].landing.hero;
    return `<div class="fp" lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
      <div class="fp-header"><span class="fp-brand">${escape(common[language].appName)}</span></div>
      <section class="fp-hero">
        <span class="fp-eyebrow">${escape(hero.eyebrow)}</span>
        <h1 class="fp-title">${escape(hero.title)}</h1>
        <p class="fp-body">${escape(hero.body)}</p>
        <div class="fp-actions"></div>
      </section>
    </div>`;
  };
  // A path the app does not know gets its 404 page painted at once too (it was blank
  // until the scripts ran). The known first segments are read from the app's own routes, so a
  // new screen needs nothing here.
  const { userTypes } = await tsImport('../libs/contracts/src/roles.ts', import.meta.url);
  const appSource = readFileSync(new URL('./src/app.tsx', import.meta.url), 'utf8');
  const screens = [...appSource.matchAll(/path="\/([^"/*]*)/g)].map((m) => m[1]);
  const knownSegments = [...new Set([...screens, ...userTypes, 'mf', 'api', 'health'])];
  const notFound = (
    language,
  ) => `<div class="fp-404" lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
      <span class="fp-404-code" aria-hidden="true">404</span>
      <h1 class="fp-404-title">${escape(common[language].notFound.title)}</h1>
      <p class="fp-404-hint">${escape(common[language].notFound.hint)}</p>
      <a class="fp-404-home" href="/">${escape(shellTexts[language].notFound.home)}</a>
    </div>`;
  // `/login`: the frame of the sign-in screen (auth-layout.tsx), with its title and subtitle,
  // the form's room (248 px, its two fields and buttons) and the sentence under it.
  const signIn = (language) => {
    const texts = shellTexts[language].login;
    return `<div class="fp-login" lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
      <div class="fp-login-top"><span class="fp-brand">${escape(common[language].appName)}</span></div>
      <div class="fp-login-card">
        <h1 class="fp-login-title">${escape(texts.title)}</h1>
        <p class="fp-login-subtitle">${escape(texts.subtitle)}</p>
        <div class="fp-login-form"></div>
        <div class="fp-login-footer">${escape(texts.noAccount)} <a href="/register">${escape(texts.register)}</a></div>
      </div>
    </div>`;
  };
  const narrow = '@media (max-width: 900px)';
  const css = `
      #first-paint, #first-paint-404, #first-paint-login, html[data-first-paint] #boot { display: none; }
      html[data-first-paint='landing'] #first-paint, html[data-first-paint='not-found'] #first-paint-404,
      html[data-first-paint='login'] #first-paint-login { display: block; }
      html[lang='ar'] #first-paint .fp[lang='en'], html:not([lang='ar']) #first-paint .fp[lang='ar'],
      html[lang='ar'] #first-paint-404 .fp-404[lang='en'], html:not([lang='ar']) #first-paint-404 .fp-404[lang='ar'],
      html[lang='ar'] #first-paint-login .fp-login[lang='en'], html:not([lang='ar']) #first-paint-login .fp-login[lang='ar'] { display: none; }
      .fp-login { min-height: 100vh; box-sizing: border-box; display: flex; flex-direction: column; align-items: center;
        padding: ${t.spacingHorizontalL}; font-family: ${t.fontFamilyBase}; font-size: ${t.fontSizeBase300};
        line-height: ${t.lineHeightBase300}; color: ${t.colorNeutralForeground1}; background-color: ${t.colorNeutralBackground2}; }
      .fp-login-top { box-sizing: border-box; width: 100%; max-width: 560px; height: calc(44px + 2 * ${t.spacingVerticalL});
        display: flex; align-items: center; padding-block: ${t.spacingVerticalL}; }
      .fp-login-top .fp-brand { line-height: ${t.lineHeightBase300}; }
      .fp-login-card { box-sizing: border-box; width: 100%; max-width: 560px; display: flex; flex-direction: column;
        gap: ${t.spacingVerticalM}; padding: ${t.spacingHorizontalXXL}; border-radius: ${t.borderRadiusMedium};
        background-color: ${t.colorNeutralBackground1}; box-shadow: ${t.shadow4}; }
      .fp-login-title { margin: 0.67em 0; font-size: ${t.fontSizeHero700}; line-height: ${t.lineHeightHero700}; font-weight: ${t.fontWeightSemibold}; }
      .fp-login-subtitle { margin: 1em 0; color: ${t.colorNeutralForeground3}; }
      .fp-login-form { height: 248px; margin-block-start: ${t.spacingVerticalL}; }
      .fp-login-footer { margin-block-start: ${t.spacingVerticalL}; text-align: center; }
      .fp-login-footer a { color: ${t.colorBrandForegroundLink}; }
      .fp-404 { min-height: 100vh; box-sizing: border-box; display: flex; flex-direction: column; align-items: center;
        justify-content: center; gap: ${t.spacingVerticalL}; padding: ${t.spacingHorizontalL}; text-align: center;
        font-family: ${t.fontFamilyBase}; color: ${t.colorNeutralForeground1}; }
      .fp-404-code { font-size: ${t.fontSizeHero1000}; font-weight: ${t.fontWeightBold}; color: ${t.colorBrandForeground1}; }
      .fp-404-title { margin: 0; font-size: ${t.fontSizeHero800}; font-weight: ${t.fontWeightSemibold}; }
      .fp-404-hint { margin: 0; color: ${t.colorNeutralForeground3}; font-family: ${t.fontFamilyMonospace}; }
      .fp-404-home { padding: ${t.spacingVerticalS} ${t.spacingHorizontalL}; border-radius: ${t.borderRadiusMedium};
        background-color: ${t.colorBrandBackground}; color: ${t.colorNeutralForegroundOnBrand}; text-decoration: none;
        font-weight: ${t.fontWeightSemibold}; }
      .fp { font-family: ${t.fontFamilyBase}; background-color: ${t.colorNeutralBackground1}; color: ${t.colorNeutralForeground1}; }
      .fp-header { box-sizing: border-box; display: flex; align-items: center; min-height: calc(44px + 2 * ${t.spacingVerticalM});
        padding: ${t.spacingVerticalM} ${t.spacingHorizontalXXL}; box-shadow: ${t.shadow4}; }
      ${narrow} { .fp-header { padding-inline: ${t.spacingHorizontalM}; } }
      .fp-brand { font-size: ${t.fontSizeBase600}; font-weight: ${t.fontWeightBold}; color: ${t.colorBrandForeground1}; }
      .fp-hero { display: flex; flex-direction: column; align-items: flex-start; gap: ${t.spacingVerticalL};
        padding: 96px ${t.spacingHorizontalXXXL};
        background-image: linear-gradient(135deg, ${t.colorBrandBackground2} 0%, ${t.colorNeutralBackground1} 70%); }
      .fp-eyebrow { font-size: ${t.fontSizeBase300}; line-height: ${t.lineHeightBase300}; font-weight: ${t.fontWeightSemibold}; color: ${t.colorBrandForeground1}; }
      .fp-title { max-width: 760px; font-size: ${t.fontSizeHero900}; line-height: ${t.lineHeightHero900}; font-weight: ${t.fontWeightBold}; }
      .fp-body { max-width: 640px; font-size: ${t.fontSizeBase500}; line-height: ${t.lineHeightBase500}; color: ${t.colorNeutralForeground2}; }
      .fp-actions { height: 40px; }`;
  return {
    firstPaintCss: css,
    firstPaintHtml: `<div id="first-paint">${block('en')}${block('ar')}</div><div id="first-paint-404">${notFound('en')}${notFound('ar')}</div><div id="first-paint-login">${signIn('en')}${signIn('ar')}</div>`,
    knownSegments: escape(knownSegments.join(',')),
    // The tab's title in Arabic: an Arabic reader's tab reads Arabic before the app has loaded.
    arabicTitle: escape(shellTexts.ar.meta.title),
    tokenStorageKey: escape(tokenStorageKey),
  };
}

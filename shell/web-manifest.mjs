// The web app manifest (/manifest.webmanifest) and its icons, made at build time: the name and
// description in English with an Arabic translation (the shell's own meta texts), the default
// role's theme colour (the shell sets each role's colour on the page as its area opens), and
// PNG icons drawn by sharp from one SVG. start_url is / : the shell takes a signed-in user
// straight to their role's dashboard, a visitor sees the landing page.
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

/** The mark of the favicon: a white cross on the brand colour; `inset` leaves a maskable icon's safe zone. */
function iconSvg(colour, { rounded, inset }) {
  const size = 512;
  const arm = (size - 2 * inset) / 5;
  const at = (n) => inset + n * arm;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? 112 : 0}" fill="${colour}"/>
  <path d="M${at(2)} ${at(1)}h${arm}v${arm}h${arm}v${arm}h${-arm}v${arm}h${-arm}v${-arm}h${-arm}v${-arm}h${arm}z" fill="#ffffff"/>
</svg>`;
}

export const webManifestIcons = [
  { file: 'icons/medrelay-192.png', size: 192, purpose: 'any', svg: { rounded: true, inset: 56 } },
  { file: 'icons/medrelay-512.png', size: 512, purpose: 'any', svg: { rounded: true, inset: 56 } },
  {
    file: 'icons/medrelay-maskable-512.png',
    size: 512,
    purpose: 'maskable',
    svg: { rounded: false, inset: 120 },
  },
];

/** Every file as [name, Buffer]. */
export async function webManifestFiles() {
  const { shellTexts } = await tsImport('./src/texts.ts', import.meta.url);
  const { common } = await tsImport('../libs/i18n/src/common.ts', import.meta.url);
  const { roleBrandColours } = await tsImport('../libs/ui/src/brand-colours.ts', import.meta.url);
  const colour = roleBrandColours.pharmacy;
  const files = [];
  for (const icon of webManifestIcons) {
    const png = await sharp(Buffer.from(iconSvg(colour, icon.svg)))
      .resize(icon.size, icon.size)
      .png()
      .toBuffer();
    files.push([icon.file, png]);
  }
  const manifest = {
    id: '/',
    name: common.en.appName,
    short_name: common.en.appName,
    description: shellTexts.en.meta.description,
    lang: 'en',
    dir: 'auto',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: colour,
    categories: ['medical', 'health'],
    icons: webManifestIcons.map((icon) => ({
      src: `/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
    // The Arabic name and description (Web App Manifest localization).
    translations: {
      ar: {
        name: common.ar.appName,
        short_name: common.ar.appName,
        description: shellTexts.ar.meta.description,
      },
    },
  };
  files.push(['manifest.webmanifest', Buffer.from(JSON.stringify(manifest, null, 2))]);
  return files;
}

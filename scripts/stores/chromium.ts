import { ensureDebianPackage } from './debian-package';

/** The browser the end-to-end tests drive: Debian's Chromium, never a downloaded one. */
export function ensureChromium(log: (line: string) => void): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  ensureDebianPackage(
    'chromium',
    'chromium',
    'Chromium is not installed. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH.',
    log,
  );
  return '/usr/bin/chromium';
}

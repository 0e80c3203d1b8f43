import path from 'node:path';
import { createWebpackConfig } from '@medrelay/webpack-config';
import { firstPaint } from './first-paint.mjs';
import { webManifestFiles } from './web-manifest.mjs';

export default createWebpackConfig({
  app: 'shell',
  dir: import.meta.dirname,
  devPort: 3000,
  templateParameters: firstPaint,
  generatedFiles: webManifestFiles,
  serviceWorker: path.join(import.meta.dirname, 'worker', 'service-worker.ts'),
  // zxcvbn's dictionaries (213 KB of Brotli): only for choosing a new password, which needs the
  // connection anyway; fetched (and then kept) when first used.
  notPrecached: ['password-policy'],
});

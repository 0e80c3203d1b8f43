import { createWebpackConfig } from '@medrelay/webpack-config';
import { firstPaint } from './first-paint.mjs';

export default createWebpackConfig({
  app: 'shell',
  dir: import.meta.dirname,
  devPort: 3000,
  templateParameters: firstPaint,
});

import { createWebpackConfig } from '@medrelay/webpack-config';

export default createWebpackConfig({
  app: 'mf-donor',
  role: 'donor',
  dir: import.meta.dirname,
  devPort: 3003,
});

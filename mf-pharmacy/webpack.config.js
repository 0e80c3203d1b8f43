import { createWebpackConfig } from '@medrelay/webpack-config';

export default createWebpackConfig({
  app: 'mf-pharmacy',
  role: 'pharmacy',
  dir: import.meta.dirname,
  devPort: 3001,
});

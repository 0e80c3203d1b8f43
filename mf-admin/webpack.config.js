import { createWebpackConfig } from '@medrelay/webpack-config';

export default createWebpackConfig({
  app: 'mf-admin',
  role: 'admin',
  dir: import.meta.dirname,
  devPort: 3004,
});

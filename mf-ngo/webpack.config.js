import { createWebpackConfig } from '@medrelay/webpack-config';

export default createWebpackConfig({ app: 'mf-ngo', role: 'ngo', dir: import.meta.dirname, devPort: 3002 });

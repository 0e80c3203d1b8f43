import { createWebpackConfig } from '@medrelay/webpack-config';

export default createWebpackConfig({ app: 'shell', dir: import.meta.dirname, devPort: 3000 });

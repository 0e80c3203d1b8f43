// `npm run build`: production builds of the shell and every role remote (hashed chunk names).
import path from 'node:path';
import { buildFrontEnds, frontEndApps } from './front-ends';

const root = path.resolve(import.meta.dirname, '..');
const ok = await buildFrontEnds(root, frontEndApps, (line) => console.log(line));
process.exit(ok ? 0 : 1);

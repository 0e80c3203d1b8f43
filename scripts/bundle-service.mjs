#!/usr/bin/env node
// Bundles one back-end entry point for a container image: our workspace packages (TypeScript,
// exported as sources) are compiled in, every npm package stays an import resolved from the
// image's production node_modules. Usage: node scripts/bundle-service.mjs <dir> [entry] [out]
// e.g. `svc-catalog` → svc-catalog/dist/main.js; `gateway src/web-server.ts web.js`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [dir, entry = 'src/main.ts', out = 'main.js'] = process.argv.slice(2);
if (!dir) {
  console.error('Usage: node scripts/bundle-service.mjs <dir> [entry] [out]');
  process.exit(1);
}

const outfile = path.join(root, dir, 'dist', out);
await build({
  entryPoints: [path.join(root, dir, entry)],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      // Modules find their files (migrations, assets) relative to their own source location;
      // each keeps that meaning once bundled into dist/ (the image keeps the folder layout).
      name: 'source-relative-import-meta-url',
      setup(builder) {
        builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
          if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
          const source = await readFile(args.path, 'utf8');
          if (!source.includes('import.meta.url')) return undefined;
          const fromBundle = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
          return {
            contents: source.replaceAll(
              'import.meta.url',
              `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
            ),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          };
        });
      },
    },
    {
      name: 'npm-packages-external',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@medrelay/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log(`bundled ${dir}/${entry} → ${dir}/dist/${out}`);

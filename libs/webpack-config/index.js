// One webpack configuration factory for the shell (host) and every role remote, so shared
// singletons, loaders and output naming cannot drift between apps.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { InjectManifest } from 'workbox-webpack-plugin';

const require = createRequire(import.meta.url);
const version = (pkg) => require(`${pkg}/package.json`).version;

/**
 * One instance of each across the page: React and the libraries that keep state in React
 * context or module scope (query cache, i18n instance). Fluent UI is not shared: each app mounts
 * its own FluentProvider, so per-app tree shaking keeps the first load small (sharing it whole
 * ships the full library; see docs/front-end.md). Nor is react-router: every app has its own
 * BrowserRouter (they follow one another through single-spa's popstate), and a shared module is
 * never tree-shaken: shared, react-router 7 cost the landing page 52 KB of Brotli, per app
 * tree-shaken about 11 KB ("Compressed downloads" in docs/performance.md).
 */
const singletonPackages = ['react', 'react-dom', '@tanstack/react-query', 'i18next', 'react-i18next'];

/**
 * `eager` (the host only): the host bundles its copies instead of fetching each as a chunk of its
 * own after main.js has run (one response and one round trip each on the landing page);
 * the remotes still consume them from the share scope.
 */
export function sharedDependencies({ eager = false } = {}) {
  const shared = {};
  for (const pkg of singletonPackages) {
    shared[pkg] = { singleton: true, eager, requiredVersion: `^${version(pkg)}` };
  }
  // Deep imports must be shared too, or an app gets a second React.
  shared['react-dom/client'] = { singleton: true, eager, requiredVersion: `^${version('react-dom')}` };
  shared['react/jsx-runtime'] = { singleton: true, eager, requiredVersion: `^${version('react')}` };
  return shared;
}

const gatewayUrl = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/**
 * Copies a plain script next to the build under its own fixed name (the shell's early language
 * switch, loaded blocking from <head>; the gateway serves it with no-cache).
 */
class EmitStaticScript {
  constructor(source, name) {
    this.source = source;
    this.name = name;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitStaticScript', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitStaticScript', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset(this.name, new RawSource(readFileSync(this.source, 'utf8'))),
      );
    });
  }
}

/** Adds files made at build time (`[name, Buffer]` pairs, e.g. the web manifest and its icons). */
class EmitGeneratedFiles {
  constructor(make) {
    this.make = make;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EmitGeneratedFiles', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'EmitGeneratedFiles', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          for (const [name, content] of await this.make())
            compilation.emitAsset(name, new RawSource(content));
        },
      );
    });
  }
}

/**
 * `<link rel="preload">` in the page's head for the chunks of the entry's first `import()` (the
 * shell's bootstrap: its route table and the landing page). Without it the browser asks for them
 * only once main.js has run: one more round trip before the first screen paints.
 */
class PreloadBootstrapChunks {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadBootstrapChunks', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadBootstrapChunks', (data) => {
        const { chunkGraph } = compilation;
        const files = new Set();
        for (const entrypoint of compilation.entrypoints.values()) {
          for (const chunk of entrypoint.chunks) {
            for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) {
              for (const block of module.blocks) {
                for (const child of chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) {
                  for (const file of child.files) if (file.endsWith('.js')) files.add(file);
                }
              }
            }
          }
        }
        const publicPath = compilation.outputOptions.publicPath;
        for (const file of [...files].sort()) {
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: `${publicPath}${file}`,
            }),
          );
        }
        return data;
      });
    });
  }
}

/**
 * Brotli (quality 11) and gzip (level 9) copies next to every text asset of 1 KB or more, made
 * once at build time so the server sends them without spending CPU per request
 * (gateway/src/static.ts picks br > gzip > identity from Accept-Encoding). A copy that saves
 * less than 20% is not written. Source maps are not published, so not compressed.
 */
const compressible = /\.(js|mjs|json|html|css|svg|txt|wasm)$/;
function precompression() {
  const common = { test: compressible, threshold: 1024, minRatio: 0.8, deleteOriginalAssets: false };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: zlib.Z_BEST_COMPRESSION },
    }),
  ];
}

/**
 * @param {{ app: 'shell' | `mf-${string}`, dir: string, role?: string, devPort: number,
 *   templateParameters?: () => Promise<Record<string, string>>,
 *   generatedFiles?: () => Promise<Array<[string, Buffer]>>, serviceWorker?: string,
 *   notPrecached?: string[] }} options
 *   `templateParameters`: values for the host page's template (`<%= name %>`), made at build time.
 *   `generatedFiles`: more files of the host made at build time (the web manifest, its icons).
 *   `serviceWorker`: the host's worker source, built with Workbox as /sw.js with the list of the
 *   build's files to precache (docs/offline.md).
 */
export function createWebpackConfig({
  app,
  dir,
  role,
  devPort,
  templateParameters,
  generatedFiles,
  serviceWorker,
  notPrecached = [],
}) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const isHost = app === 'shell';
    const federation = isHost
      ? { name: 'shell', remotes: {} }
      : { name: `mf_${role}`, filename: 'remoteEntry.js', exposes: { './app': './src/app.tsx' } };
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      // A remote's own page exists only in development: the dev harness.
      entry: isHost ? './src/index.ts' : production ? {} : './src/dev.tsx',
      // Maps are written for debugging but not referenced from the bundles (the gateway does not serve them).
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // Entry files keep fixed names (federation's runtime cannot hash them) and are served
        // with no-cache; every other chunk is content-hashed and cached for a year.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
        publicPath: isHost ? '/' : 'auto',
        clean: true,
        uniqueName: federation.name,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.(png|jpe?g|webp|svg|ico)$/, type: 'asset/resource' },
          // A library's stylesheet as text (`leaflet.css?raw`), put in a <style> by the chunk that
          // needs it (the browse map): no CSS pipeline for two files, nothing on first load.
          { resourceQuery: /raw/, type: 'asset/source' },
          // The pack scanner's decoder (ZXing-C++ WebAssembly): a file of our own
          // build, fetched by the scanner chunk on first use; no CDN (CSP connect-src 'self').
          { test: /\.wasm$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          ...federation,
          shared: sharedDependencies({ eager: isHost }),
          shareStrategy: 'loaded-first',
          manifest: !isHost,
          dts: false,
        }),
        ...(isHost || !production
          ? [
              new HtmlWebpackPlugin({
                template: isHost ? './src/index.html' : require.resolve('./harness.html'),
                ...(isHost && templateParameters ? { templateParameters } : {}),
              }),
            ]
          : []),
        ...(isHost
          ? [
              new EmitStaticScript(path.join(dir, 'src', 'boot-language.js'), 'boot-language.js'),
              ...(generatedFiles ? [new EmitGeneratedFiles(generatedFiles)] : []),
              // The service worker keeps one address (/sw.js) for browsers to check for updates.
              ...(serviceWorker
                ? [
                    new InjectManifest({
                      swSrc: serviceWorker,
                      swDest: 'sw.js',
                      // Compressed copies are chosen by the server; source maps are not published.
                      exclude: [/\.map$/, /\.(br|gz)$/, /\.LICENSE\.txt$/],
                      manifestTransforms: [
                        (entries, compilation) => {
                          const left = new Set();
                          for (const name of notPrecached)
                            for (const chunk of compilation.namedChunkGroups.get(name)?.chunks ?? [])
                              for (const file of chunk.files) left.add(`/${file}`);
                          return { manifest: entries.filter((e) => !left.has(e.url)), warnings: [] };
                        },
                      ],
                      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
                    }),
                  ]
                : []),
              new PreloadBootstrapChunks(),
            ]
          : []),
        ...(production ? precompression() : []),
      ],
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
        // The host's eager shared libraries (React, i18next, TanStack Query) go in a hashed
        // vendors chunk beside main.js: cached for a year, not fetched again after a shell deploy
        // (main.js itself is no-cache).
        ...(isHost && production
          ? {
              splitChunks: {
                cacheGroups: {
                  initialVendors: {
                    test: /[\\/]node_modules[\\/]/,
                    chunks: 'initial',
                    name: 'vendors',
                    filename: '[name].[contenthash:12].js',
                    enforce: true,
                  },
                },
              },
            }
          : {}),
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: devPort,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', ...(isHost ? ['/mf'] : [])], target: gatewayUrl }],
      },
    };
  };
}

import { defineConfig } from 'vitest/config';

// Component and hook tests: each opts into a DOM with `// @vitest-environment happy-dom`.
const domTests = ['libs/*/src/**/*.test.tsx', 'shell/src/**/*.test.tsx', 'mf-*/src/**/*.test.tsx'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // A poll waits for a live platform to catch up: Vitest's 1 s default was too short on a busy
    // 2-core CI machine (an administrator's settings save was not seen within it).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Every answer of a mounted route is checked against its contract schema (libs/service-kit/src/mount.ts).
    env: { MEDRELAY_CHECK_ANSWERS: '1' },
    projects: [
      // Node-side files (services, gateway, scripts, end-to-end) share one module graph per
      // worker: each file re-imported every service before, 2.5-3.7 s a file, a third of the run.
      // A file stops what it starts (platforms, servers, timers), so nothing leaks into the next.
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'libs/*/src/**/*.test.ts',
            'shell/src/**/*.test.ts',
            'shell/worker/**/*.test.ts',
            'mf-*/src/**/*.test.ts',
            'svc-*/src/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/**/*.test.ts',
          ],
          // A happy-dom file among the .ts ones: it runs with the DOM files.
          exclude: ['libs/i18n/src/messages.test.ts'],
          globalSetup: ['scripts/test/global-setup.ts'],
          isolate: false,
        },
      },
      // DOM files share one happy-dom window and module graph per worker too: importing Fluent
      // and React again for each file took about 3 s a file (this project: 138 -> 26 s alone).
      // Their set-up file (dom-shared.ts) gives each file what a fresh window would: storage,
      // viewport, URL, a new tabster, no mocks left. Their libraries are bundled once (esbuild,
      // cached in node_modules/.vite) instead of loaded as several hundred modules.
      {
        extends: true,
        test: {
          name: 'dom',
          include: [...domTests, 'libs/i18n/src/messages.test.ts'],
          setupFiles: ['libs/ui/src/test-support/dom-shared.ts'],
          isolate: false,
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@fluentui/react-components',
                  '@fluentui/react-icons',
                  '@fluentui/react-datepicker-compat',
                  '@fluentui/react-utilities',
                  'tabster',
                  'react',
                  'react/jsx-runtime',
                  'react/jsx-dev-runtime',
                  'react-dom',
                  'react-dom/client',
                  '@testing-library/react',
                  'react-i18next',
                  'i18next',
                  '@tanstack/react-query',
                  'react-router-dom',
                  'react-hook-form',
                  'zod',
                ],
              },
            },
          },
        },
      },
    ],
  },
});

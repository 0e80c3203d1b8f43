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
          exclude: ['libs/i18n/src/messages.test.ts'],
          globalSetup: ['scripts/test/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: [...domTests, 'libs/i18n/src/messages.test.ts'],
          setupFiles: ['scripts/test/dom-teardown.ts'],
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'libs/*/src/**/*.test.ts',
      // Component and hook tests: each opts into a DOM with `// @vitest-environment happy-dom`.
      'libs/*/src/**/*.test.tsx',
      'shell/src/**/*.test.ts',
      'shell/src/**/*.test.tsx',
      'shell/worker/**/*.test.ts',
      'mf-*/src/**/*.test.ts',
      'mf-*/src/**/*.test.tsx',
      'svc-*/src/**/*.test.ts',
      'gateway/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    globalSetup: ['scripts/test/global-setup.ts'],
    setupFiles: ['scripts/test/dom-teardown.ts'],
    testTimeout: 30_000,
    // A poll waits for a live platform to catch up: Vitest's 1 s default was too short on a busy
    // 2-core CI machine (an administrator's settings save was not seen within it).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // Every answer of a mounted route is checked against its contract schema (libs/service-kit/src/mount.ts).
    env: { MEDRELAY_CHECK_ANSWERS: '1' },
  },
});

import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'components/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // browser.i18n answers from the English catalogue, as in an English browser.
          setupFiles: ['tests/support/english.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The real SDK against the Messages API stand-in, over loopback HTTP.
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/english.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // One Chromium at a time: two cores, and each file starts its own browser.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Waits on what the browser does, not on a clock: a loaded 2-core machine can take
          // seconds where an idle one takes milliseconds, so a poll gives up only at 20 s.
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        extends: true,
        test: {
          // The Firefox build: web-ext lint, the store archives, and Firefox ESR driven over
          // Marionette (tests/support/firefox.ts). One Firefox at a time, as for Chromium.
          name: 'e2e-firefox',
          include: ['tests/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});

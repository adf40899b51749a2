import { defineConfig } from 'vitest/config';

/**
 * Two tiers: the tests of `*.slow.test.ts` files take seconds each (whole
 * suites run through both Markdown paths, splits at every place, installs,
 * a real terminal and browser, child processes with big inputs); every other
 * file takes well under a second. `npm run test:fast` runs the fast tier.
 */
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'fast',
          setupFiles: ['test/markdown-tree-setup.ts'],
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.slow.test.ts'],
          testTimeout: 10_000,
        },
      },
      {
        test: {
          name: 'slow',
          setupFiles: ['test/markdown-tree-setup.ts'],
          include: ['test/**/*.slow.test.ts'],
          testTimeout: 120_000,
          // their clean-up removes whole package copies and big inputs: on a busy machine that outlasts vitest's 10 s default
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

// Only unit tests beside the code: Playwright's e2e/*.spec.ts run under Playwright, never here.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
  },
});

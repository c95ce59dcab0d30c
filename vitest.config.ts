import { defineConfig } from 'vitest/config';
import { HANG_LIMIT_MS } from './test/cli-run.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests must not depend on how fast the machine is: this limit only catches a test that hangs,
    // and no test sets its own. A test that needs several CLI runs starts them together
    // (test/cli-run.ts), and no test asserts on elapsed time.
    testTimeout: HANG_LIMIT_MS,
    hookTimeout: HANG_LIMIT_MS,
  },
});

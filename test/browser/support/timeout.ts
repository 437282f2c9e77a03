import { jest } from '@jest/globals';

/*
 * The browser suites' test timeout (setupFilesAfterEnv of the `browser` project; Jest reads `testTimeout` from the
 * global config only). A browser test waits up to 30 s for one thing (support/product.ts), so Jest's 30 s for the
 * whole test ran out first on CI's two busy cores: 120 s for a test that states no timeout of its own.
 */
jest.setTimeout(120_000);

import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'solver',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60000,
    // Pure code without mocks or stubbed globals: each worker imports the package once for all its
    // files instead of once a file (the root vitest.config.ts says what it saves).
    isolate: false,
  },
});

import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'warehouse',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60000,
  },
});

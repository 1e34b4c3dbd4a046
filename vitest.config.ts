import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment. `scripts` holds
// the test runner's own test.
export default defineConfig({
  test: {
    projects: [
      'packages/warehouse',
      'packages/solver',
      'packages/simulator',
      'apps/server',
      'apps/web',
      { test: { name: 'scripts', include: ['scripts/test/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});

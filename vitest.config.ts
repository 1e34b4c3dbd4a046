import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment. `scripts` holds
// the test runner's own test.
export default defineConfig({
  test: {
    // At least two files at once: Vitest's default (cores - 1) runs them one at a time on a 2-core
    // machine, 924 s there against 625 s with two (2026-11-30). Every test holds while another
    // CPU-bound process shares the machine, as each file then does with the other. The pure
    // packages and the web app run without per-file isolation (their configs): 463.5 s for
    // everything against 634.3 s isolated, on a 2-core machine (2026-12-01); the web app alone 51 s
    // against 129 s, the three packages 95.6 s against 153.0 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS } from '@fleetlab/warehouse';
import { loadBenchInstance, planDigest } from '../bench/point-plans.ts';

/**
 * The point robot model reproduces the plans and figures from before robot models existed: the
 * digests in fixtures/point-plan-digests.json were taken on the solver just before leg times moved
 * to the floor clock's table (with the bound list and the graph paths of steps already in; every
 * algorithm, seed 3, 30 iterations), and retaken for the plans that wait at a pickup or dropoff when
 * plans began to hold the docks' queues (two robots reaching one cell within a visit of each other:
 * 1 to 5 s later; every plan that waits at no dock digests as before), and retaken when the dock
 * bound began to count a dropoff's first visit after its delivery's pickup: every plan and every
 * other figure stayed the same (compared digest by digest), and `dock_bound_s`, a bound's value,
 * is left out of the digest since; and retaken for s2 when `robot_recharges_lp` became its tightest
 * bound (1,168.52 s where `charge_segments` said 1,121 s): every plan and every other figure
 * stayed the same (compared algorithm by algorithm with the bound's name, value and gap left out).
 * `npx tsx packages/solver/bench/point-plans.ts` prints any instance's digests to compare.
 */
const digests: Record<string, Record<string, string>> = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'point-plan-digests.json'), 'utf8'),
);

describe('the point robot model', () => {
  for (const id of ['s1', 's2', 'm1', 'm2']) {
    it(`plans ${id} exactly as before, with every algorithm`, () => {
      const input = loadBenchInstance(id);
      for (const algorithm of ALGORITHMS)
        expect([algorithm.name, planDigest(input, algorithm.name)]).toEqual([
          algorithm.name,
          digests[id][algorithm.name],
        ]);
    });
  }
});

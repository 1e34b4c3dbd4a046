/**
 * Digests of the plans and figures the point robot model gives on the benchmark instances, so a
 * change to the clock can be checked against the plans from before it (test/point-plans.test.ts
 * reads the committed digests of the small instances; this script prints every instance's):
 *
 *   npx tsx packages/solver/bench/point-plans.ts [--instances s1,m1,d5k] [--out FILE]
 *
 * Each algorithm runs with a fixed seed and an iteration cap, so the plans depend on the code alone.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALGORITHMS } from '@fleetlab/warehouse';
import { buildProblem, solve, type ProblemInput } from '../src/index.ts';
import { generatedInstance } from './generated-instances.ts';

const PUBLIC = ['s1', 's2', 'm1', 'm2', 'l1', 'xl1'];

export function loadBenchInstance(id: string): ProblemInput {
  if (PUBLIC.includes(id))
    return JSON.parse(readFileSync(join(import.meta.dirname, 'instances', `${id}.json`), 'utf8')) as ProblemInput;
  const generated = generatedInstance(id);
  if (!generated) throw new Error(`Unknown instance ${id}`);
  return generated as unknown as ProblemInput;
}

/** The digest of one solve: the plan's steps and every figure but the run time. */
export function planDigest(input: ProblemInput, algorithm: (typeof ALGORITHMS)[number]['name']): string {
  const problem = buildProblem(input);
  // A time limit long enough that the iteration cap, never the clock, ends every search.
  const { results, stats } = solve(problem, { algorithm, seed: 3, maxIterations: 30, timeLimitS: 3600 });
  const {
    runtime_ms: _runtime,
    robot_model: _model,
    dock_queue_s: dockQueue,
    // The dock capacity bound counts a dropoff's first visit after its pickup since; the plans it
    // bounds are the same (test/bounds has its own checks).
    dock_bound_s: _dockBound,
    ...rest
  } = stats as typeof stats & { robot_model?: string };
  // The plan's dock queue came after the digests were taken: a plan that never waits at a dock
  // digests as before, one that does carries its figure.
  const figures = dockQueue ? { ...rest, dock_queue_s: dockQueue } : rest;
  return createHash('sha256').update(JSON.stringify({ results, figures })).digest('hex').slice(0, 16);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const flag = (name: string) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const ids = (flag('--instances') ?? 's1,s2,m1,m2,l1,xl1,t1,t2,dense,d5k,d20k').split(',');
  const digests: Record<string, Record<string, string>> = {};
  for (const id of ids) {
    const input = loadBenchInstance(id);
    const large = ['dense', 'd5k', 'd20k'].includes(id);
    digests[id] = {};
    for (const algorithm of ALGORITHMS) {
      if (large && !['greedy_distance', 'makespan'].includes(algorithm.name)) continue;
      digests[id][algorithm.name] = planDigest(input, algorithm.name);
      console.log(id, algorithm.name, digests[id][algorithm.name]);
    }
  }
  const out = flag('--out');
  if (out) writeFileSync(out, `${JSON.stringify(digests, null, 2)}\n`);
}

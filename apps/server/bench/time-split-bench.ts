/**
 * What a solve's time split (`solveTimeSplit`, computed in the solve thread after every solve)
 * costs: a greedy plan of a benchmark instance per robot model, then the split timed with the
 * plan's floor clock (as the solve thread does) and without it (a clock of its own, as a shift's).
 *
 *   nice -n 10 npx tsx apps/server/bench/time-split-bench.ts [INSTANCE ...]   (default m1 d5k)
 *
 * Prints one line per instance and model: the solve's and the split's milliseconds and the split.
 */
import { buildProblem, solve } from '@fleetlab/solver';
import { solveTimeSplit } from '@fleetlab/warehouse';
import { readFileSync } from 'node:fs';
import { generatedInstance } from '../../../packages/solver/bench/generated-instances.ts';

function instanceOf(id: string): { environment: unknown; tasks: [string, string][]; params?: unknown } {
  const generated = generatedInstance(id);
  if (generated) return generated;
  const file = new URL(`../../../packages/solver/bench/instances/${id}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const ids = process.argv.slice(2);
for (const id of ids.length > 0 ? ids : ['m1', 'd5k']) {
  const instance = instanceOf(id);
  for (const model of ['point', 'drive-unit'] as const) {
    const params = { ...(instance.params as object), robot_model: model };
    const problem = buildProblem({
      environment: instance.environment as never,
      tasks: instance.tasks,
      params,
    } as never);
    let started = performance.now();
    const { results } = solve(problem, { algorithm: 'greedy_distance', seed: 1 });
    const solveMs = performance.now() - started;
    started = performance.now();
    const split = solveTimeSplit(instance.environment as never, params, results, null, problem.floorClock);
    const splitMs = performance.now() - started;
    started = performance.now();
    const alone = solveTimeSplit(instance.environment as never, params, results, null);
    const aloneMs = performance.now() - started;
    if (JSON.stringify(alone?.time_split) !== JSON.stringify(split?.time_split)) {
      throw new Error(`${id} ${model}: the split differs with its own clock`);
    }
    const figures = split
      ? Object.entries(split.time_split)
          .map(([key, value]) => `${key}=${typeof value === 'number' ? value.toFixed(0) : value}`)
          .join(' ')
      : 'no split';
    console.log(
      `${id} ${model}: solve ${solveMs.toFixed(0)} ms, split ${splitMs.toFixed(0)} ms (own clock ${aloneMs.toFixed(0)} ms); mean cycle ${split?.mean_cycle_s.toFixed(1)} s; ${figures}`,
    );
  }
}

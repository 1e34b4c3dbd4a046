/**
 * The plan of every benchmark instance under each robot model: its makespan (= free flow, the
 * plan's own clock), the tightest bound, and how long building the problem (the duration table)
 * and solving took.
 *
 *   npx tsx packages/solver/bench/robot-models.ts [--instances s1,m1] [--algorithm greedy_distance] [--time-limit 1]
 */
import { ROBOT_MODEL_PRESETS, type AlgorithmName } from '@fleetlab/warehouse';
import { buildProblem, solve } from '../src/index.ts';
import { loadBenchInstance } from './point-plans.ts';

const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const ids = (flag('--instances') ?? 's1,s2,m1,m2,l1,xl1,t1,t2,dense,d5k,d20k').split(',');
const algorithm = (flag('--algorithm') ?? 'greedy_distance') as AlgorithmName;
const timeLimitS = Number(flag('--time-limit') ?? 1);
console.log('| instance | model | planned (= free flow) s | tightest bound s | table s | solve s |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const id of ids) {
  const input = loadBenchInstance(id);
  for (const preset of ROBOT_MODEL_PRESETS) {
    const started = performance.now();
    const problem = buildProblem({ ...input, params: { ...input.params, robot_model: preset.name } });
    const built = performance.now();
    const { stats } = solve(problem, { algorithm, seed: 1, timeLimitS });
    const solved = performance.now();
    console.log(
      `| ${id} | ${preset.name} | ${stats.makespan_s.toFixed(1)} | ${stats.lower_bound_battery_s.toFixed(1)} | ${((built - started) / 1000).toFixed(1)} | ${((solved - built) / 1000).toFixed(1)} |`,
    );
  }
}

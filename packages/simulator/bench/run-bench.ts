/**
 * Benchmark: every public instance solved with `makespan` and executed on the shared floor, then
 * a generated 400-robot, 20,000-order day. Each execution is re-checked with checkExecution
 * (conflicts must be 0).
 *
 *   npm run bench:simulator [-- --time-limit 2] [--max-iterations N] [--instances s1,xl1] [--skip-day]
 *
 * `--max-iterations` caps the optimiser's search, so the plans (and so the table) are the same on
 * any machine at any load.
 *
 * The day's plan comes from the optimiser's `greedy_distance` (each order, in turn, to the robot
 * that finishes it soonest, recharges planned): about a second or two to build and solve at that
 * size, printed beside the row.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildProblem, solve } from '@fleetlab/solver';
import { generateWarehouseInstance, type FloorEnvironment } from '@fleetlab/warehouse';
import { checkExecution, simulate } from '../src/index.ts';

function parseFlags(argv: string[]) {
  const flags = { timeLimitS: 2, maxIterations: undefined as number | undefined, instances: [] as string[], skipDay: false };
  for (let k = 0; k < argv.length; k++) {
    if (argv[k] === '--time-limit') flags.timeLimitS = Number(argv[++k]);
    else if (argv[k] === '--max-iterations') flags.maxIterations = Number(argv[++k]);
    else if (argv[k] === '--instances') flags.instances = argv[++k].split(',');
    else if (argv[k] === '--skip-day') flags.skipDay = true;
    else throw new Error(`Unknown flag ${argv[k]}; flags: --time-limit S, --max-iterations N, --instances a,b, --skip-day`);
  }
  return flags;
}

const pad = (value: string, width: number) => value.padStart(width);

function row(id: string, planner: string, environment: FloorEnvironment, plan: unknown, params: Record<string, unknown>, tasks: [string, string][]) {
  const started = performance.now();
  const execution = simulate(environment, plan, params, { tasks });
  const runtimeMs = performance.now() - started;
  const conflicts = checkExecution(environment, plan, execution, params).errors.length;
  const t = execution.totals;
  const robots = Object.keys(execution.robots).length;
  console.log(
    [
      id.padEnd(26), planner.padEnd(9), pad(String(robots), 6), pad(String(t.deliveries), 7), pad(t.planned_makespan_s.toFixed(1), 9),
      pad(t.free_flow_makespan_s.toFixed(1), 9), pad(t.executed_makespan_s.toFixed(1), 9), pad(t.waiting_s.toFixed(0), 9),
      pad(t.max_robot_waiting_s.toFixed(0), 7), pad(t.throughput_per_h.toFixed(0), 7), pad(String(t.extra_charges), 6),
      pad(String(t.reserve_replays), 4), pad(String(conflicts), 9), pad(runtimeMs.toFixed(0), 8),
      pad((process.memoryUsage().rss / 2 ** 20).toFixed(0), 7),
    ].join('  '),
  );
}

const flags = parseFlags(process.argv.slice(2));
const directory = join(dirname(fileURLToPath(import.meta.url)), '../../solver/bench/instances');
const order = ['s1', 's2', 'm1', 'm2', 'l1', 'xl1'];
const ids = readdirSync(directory)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.replace(/\.json$/, ''))
  .filter((id) => flags.instances.length === 0 || flags.instances.includes(id))
  .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
console.log(`Fleetlab simulator bench: makespan plans at ${flags.timeLimitS} s, seed 1; times in seconds; conflicts = errors checkExecution finds`);
console.log(
  [
    'instance'.padEnd(26), 'planner'.padEnd(9), pad('robots', 6), pad('orders', 7), pad('planned', 9), pad('freeflow', 9), pad('executed', 9),
    pad('waiting', 9), pad('maxwait', 7), pad('per_h', 7), pad('extra', 6), pad('rply', 4), pad('conflicts', 9), pad('sim_ms', 8), pad('rss_MiB', 7),
  ].join('  '),
);
for (const id of ids) {
  const instance = JSON.parse(readFileSync(join(directory, `${id}.json`), 'utf8'));
  const { results } = solve(buildProblem(instance), { algorithm: 'makespan', timeLimitS: flags.timeLimitS, maxIterations: flags.maxIterations, seed: 1 });
  row(id, 'makespan', instance.environment, results, instance.params ?? {}, instance.tasks);
}
if (!flags.skipDay) {
  const day = generateWarehouseInstance({ width: 50, height: 50, stations: 40, robotsPerStation: 10, orders: 20_000, seed: 1, params: { max_distance: 1000, recharge_time: 3 } });
  const started = performance.now();
  const { results } = solve(buildProblem(day), { algorithm: 'greedy_distance', seed: 1 });
  console.log(`${day.id}: greedy_distance plan built and solved in ${(performance.now() - started).toFixed(0)} ms`);
  row(day.id, 'greedy', day.environment, results, day.params, day.tasks);
}

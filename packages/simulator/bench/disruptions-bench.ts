/**
 * Benchmark: what delays and breakdowns cost. A shift on xl1's floor (100 robots, 8 h at 1,200
 * orders/h, reoptimise with makespan) with random delays and breakdowns, against the same shift
 * (same orders, seeds and re-plans) without them, which `runShift` runs itself for the record's
 * `totals.without_disruptions`; and a day (xl1's tasks planned by greedy_distance) the same way.
 *
 *   npm run bench:disruptions [-- --delays 1:30 --breakdowns 8:10 --hours 8 --rate 1200 --only shift|day]
 *                             [--day ID]   the day's instance (default xl1; any id of packages/solver/bench)
 *                             [--robot-model NAME]   point (default), drive-unit or amr, for the shift and the day
 *
 * Every figure but the wall time is the same on any machine (orders, stops, traffic and re-plans
 * are seeded and capped by iterations); the load average is printed beside the time.
 */
import { loadavg } from 'node:os';
import { buildProblem, solve } from '@fleetlab/solver';
import type { FloorEnvironment } from '@fleetlab/warehouse';
import { loadBenchInstance } from '../../solver/bench/generated-instances.ts';
import { runShift, simulate } from '../src/index.ts';
import { readFlags } from './bench-flags.ts';

const flags = {
  delays: '1:30',
  breakdowns: '8:10',
  hours: '8',
  rate: '1200',
  only: '',
  day: 'xl1',
  'robot-model': 'point',
};
readFlags(process.argv.slice(2), (flag, value) => {
  const name = flag.replace(/^--/, '');
  if (!(name in flags)) throw new Error(`Unknown flag ${flag}`);
  flags[name as keyof typeof flags] = value();
});
const [rate, meanS] = flags.delays.split(':').map(Number);
const [mtbfH, repairMin] = flags.breakdowns.split(':').map(Number);
const disruptions = {
  delays: { rate_per_robot_h: rate, mean_s: meanS },
  breakdowns: { mtbf_h: mtbfH, repair_min: repairMin },
  robot_model: flags['robot-model'] as 'point',
};
const instance = loadBenchInstance('xl1') as ReturnType<typeof loadBenchInstance> & {
  tasks: [string, string][];
  params?: Record<string, unknown>;
};
const environment = instance.environment as FloorEnvironment;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const stops = (figures: { count: number; lost_s: number } | undefined) =>
  figures ? `${figures.count} (${(figures.lost_s / 3600).toFixed(2)} robot-h)` : 'none';

console.log(
  `delays ${flags.delays} (per robot-hour on the move : mean s), breakdowns ${flags.breakdowns} (MTBF h : repair min), robot model ${flags['robot-model']}`,
);
if (flags.only !== 'day') {
  console.log(`load average at start: ${load()}`);
  const started = performance.now();
  const { stats, execution } = runShift(
    environment,
    instance.tasks,
    {
      ...(instance.params ?? {}),
      shift: { hours: Number(flags.hours), orders_per_hour: Number(flags.rate) },
      ...disruptions,
    },
    { algorithm: 'makespan' },
  );
  const wallS = (performance.now() - started) / 1000;
  const deliveredOrders = Object.values(execution.robots).flatMap((robot) =>
    robot.deliveries.map((delivery) => delivery.order),
  );
  const twice = deliveredOrders.length - new Set(deliveredOrders).size;
  const without = execution.totals.without_disruptions;
  const figures = stats.shift;
  console.log(
    `xl1 shift, ${Object.keys(execution.robots).length} robots, ${flags.hours} h at ${flags.rate}/h: released ${figures.released}, delivered ${figures.delivered} (${twice} delivered twice), conflicts ${execution.totals.conflicts}, deadlocks resolved ${execution.totals.deadlocks_resolved}`,
  );
  console.log(`  delays ${stops(execution.totals.delays)}, breakdowns ${stops(execution.totals.breakdowns)}`);
  console.log(
    `  throughput ${figures.throughput_per_h.toFixed(1)}/h against ${without?.shift?.throughput_per_h.toFixed(1)}/h without; P95 cycle ${figures.cycle_p95_s?.toFixed(1)} s against ${without?.shift?.cycle_p95_s?.toFixed(1)} s; deliveries ${execution.totals.deliveries} against ${without?.deliveries}; max cycle ${figures.cycle_max_s?.toFixed(1)} s`,
  );
  console.log(`  wall ${wallS.toFixed(1)} s for both shifts; load average at end: ${load()}`);
}
if (flags.only !== 'shift') {
  const day = loadBenchInstance(flags.day) as typeof instance;
  const plan = solve(
    buildProblem({ ...day, params: { ...(day.params ?? {}), robot_model: disruptions.robot_model } } as never),
    { algorithm: 'greedy_distance' },
  ).results;
  const started = performance.now();
  const execution = simulate(
    day.environment as FloorEnvironment,
    plan,
    { ...(day.params ?? {}), ...disruptions },
    { tasks: day.tasks },
  );
  const wallS = (performance.now() - started) / 1000;
  const { totals } = execution;
  console.log(
    `${flags.day} day (greedy_distance's plan): executed ${totals.executed_makespan_s} s against ${totals.without_disruptions?.executed_makespan_s} s without (planned ${totals.planned_makespan_s} s); deliveries ${totals.deliveries} against ${totals.without_disruptions?.deliveries}; delays ${stops(totals.delays)}, breakdowns ${stops(totals.breakdowns)}; extra charges ${totals.extra_charges}, reserve replays ${totals.reserve_replays}; conflicts ${totals.conflicts}; wall ${wallS.toFixed(1)} s for both runs, load average ${load()}`,
  );
}

/**
 * How much charge the whole-charge bound leaves a fleet to spare: per instance, W (the model's
 * least fleet driving), what c recharges a robot hold when every charge is used to the metre
 * (its first charge less its least way home, then c charges less the least recharge detour
 * each, `robotChargeFigures`), and the metres a robot may leave unused across its charges before
 * a plan needs more recharges than that. c is the fewest recharges a robot makes when the work is
 * shared evenly. Beside it, a makespan solve's plan: its metres, recharges and how many robots
 * make how many.
 *
 *   npx tsx packages/solver/bench/charge-capacity.ts [--instances d5k,t1,t2] [--time-limit 10] [--seed 1]
 */
import { loadavg } from 'node:os';
import { lowerBound, usableRobots } from '../src/bounds/lower-bound.ts';
import { robotChargeFigures } from '../src/bounds/robot-charge-figures.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { solve } from '../src/solve.ts';
import { loadBenchInstance } from './generated-instances.ts';
import { flag } from './bench-flags.ts';

const ids = flag('--instances', 'd5k,t1,t2').split(',');
const timeLimitS = Number(flag('--time-limit', '10'));
const seed = Number(flag('--seed', '1'));

console.log(
  'instance  robots  W_m        c  capacity_m  spare_per_robot_m  bound_s   tightest        plan_s   plan_m     recharges  robots_by_recharges  load',
);
for (const id of ids) {
  const problem = buildProblem(loadBenchInstance(id));
  const bound = lowerBound(problem);
  const usable = usableRobots(problem);
  const fleetWork = bound.distance_m;
  const c = Math.max(0, Math.ceil(fleetWork / usable.length / problem.maxDistance) - 1);
  let capacity = 0;
  for (const figures of robotChargeFigures(problem, usable)) {
    const first = problem.maxDistance - problem.initialUsed[figures.robot] - figures.reserve;
    capacity += first + c * (problem.maxDistance - figures.detour);
  }
  const { results, stats } = solve(problem, { algorithm: 'makespan', seed, timeLimitS });
  // A recharge shows as the battery rising from one delivery to the next.
  const byRecharges = new Map<number, number>();
  for (const legs of Object.values(results)) {
    let recharges = 0;
    let battery = Infinity;
    for (const leg of legs) {
      if (leg.battery_remaining > battery + 1e-9) recharges++;
      battery = leg.battery_remaining;
    }
    byRecharges.set(recharges, (byRecharges.get(recharges) ?? 0) + 1);
  }
  const split = [...byRecharges.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([count, robots]) => `${robots}x${count}`)
    .join(',');
  console.log(
    [
      id.padEnd(8),
      String(usable.length).padStart(6),
      fleetWork.toFixed(0).padStart(9),
      String(c).padStart(2),
      capacity.toFixed(0).padStart(11),
      ((capacity - fleetWork) / usable.length).toFixed(1).padStart(18),
      bound.tightest_s.toFixed(2).padStart(8),
      bound.tightest_name.padEnd(15),
      stats.makespan_s.toFixed(1).padStart(7),
      stats.total_distance_m.toFixed(0).padStart(9),
      String(stats.recharges).padStart(10),
      split.padEnd(20),
      loadavg()[0].toFixed(2).padStart(5),
    ].join('  '),
  );
}

/**
 * Where a makespan plan's gap to the fleet-work bound lies: the bound is the fleet's least work
 * spread evenly (`fleet_work`, W / N with the charges it needs), so a plan stands above it by the
 * work its robots do beyond W (their average finish against the bound) and by how unevenly that
 * work is shared (the last finish against the average). Per instance, a makespan solve's plan:
 * the robots' finishes (each robot's last delivery; 0 for a robot without one), their average,
 * the first and the last, beside the bound and the tightest bound; `spread` is the last finish
 * over the average.
 *
 *   npx tsx packages/solver/bench/makespan-spread.ts [--instances xl1,m1] [--time-limit 1] [--seed 1]
 */
import { loadavg } from 'node:os';
import { lowerBound, usableRobots } from '../src/bounds/lower-bound.ts';
import { buildProblem } from '../src/problem/problem.ts';
import { solve } from '../src/solve.ts';
import { loadBenchInstance } from './generated-instances.ts';
import { flag } from './bench-flags.ts';

const ids = flag('--instances', 'm1,l1,xl1').split(',');
const timeLimitS = Number(flag('--time-limit', '1'));
const seed = Number(flag('--seed', '1'));

console.log(
  'instance  robots  fleet_work_s  tightest_s  plan_s   average_s  first_s  avg/fleet_work  avg/tightest  spread  load',
);
for (const id of ids) {
  const problem = buildProblem(loadBenchInstance(id));
  const bound = lowerBound(problem);
  const usable = usableRobots(problem);
  const { results } = solve(problem, { algorithm: 'makespan', seed, timeLimitS });
  const finishes = usable.map((r) => {
    const legs = results[problem.robots[r].id] ?? [];
    let finish = 0;
    for (const leg of legs) if (leg.task) finish = Math.max(finish, leg.completion_time);
    return finish;
  });
  const last = Math.max(...finishes);
  const first = Math.min(...finishes);
  const average = finishes.reduce((sum, finish) => sum + finish, 0) / finishes.length;
  const percent = (value: number) => `${(100 * value).toFixed(2)}%`;
  console.log(
    [
      id.padEnd(8),
      String(usable.length).padStart(6),
      bound.fleet_work_s.toFixed(2).padStart(12),
      bound.tightest_s.toFixed(2).padStart(10),
      last.toFixed(2).padStart(8),
      average.toFixed(2).padStart(9),
      first.toFixed(2).padStart(8),
      percent(average / bound.fleet_work_s - 1).padStart(14),
      percent(average / bound.tightest_s - 1).padStart(12),
      percent(last / average - 1).padStart(7),
      loadavg()[0].toFixed(2).padStart(5),
    ].join('  '),
  );
}

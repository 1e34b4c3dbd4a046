import { AppendState } from '../routes/battery-schedule.ts';
import type { Problem } from '../problem/problem.ts';
import type { Routes } from '../plan/plan-builder.ts';

/**
 * greedy_distance (id 1): pairs in the given order, each to the robot that would finish it
 * soonest: its current finish time plus the trip, plus a trip home and the recharge wait
 * first when its battery could not otherwise do the delivery and still get home.
 */
export function assignGreedyByDistance(problem: Problem, shouldStop: () => boolean = () => false): Routes {
  const states = problem.robots.map((_, r) => new AppendState(problem, r));
  const routes: Routes = problem.robots.map(() => []);
  for (let j = 0; j < problem.deliveryCount; j++) {
    if ((j & 63) === 0 && shouldStop()) break;
    let best = -1;
    let bestFinish = Infinity;
    // No robot finishes j before its own time plus j's drive from pickup to dropoff.
    const least = problem.deliveryDrive[j] / problem.speed;
    for (let r = 0; r < states.length; r++) {
      if (states[r].time + least >= bestFinish - 1e-9) continue;
      const finish = states[r].finishIfAppended(j);
      if (finish < bestFinish - 1e-9) {
        bestFinish = finish;
        best = r;
      }
    }
    if (best < 0) throw new Error(`No robot can take delivery ${j} after the others`);
    states[best].append(j);
    routes[best].push(j);
  }
  return routes;
}

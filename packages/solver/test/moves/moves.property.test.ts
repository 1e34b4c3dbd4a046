import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignGreedyByDistance } from '../../src/algorithms/greedy-distance.ts';
import type { InterRouteMove, IntraRouteMove } from '../../src/moves/move.ts';
import { OrOpt } from '../../src/moves/or-opt.ts';
import { Relocate } from '../../src/moves/relocate.ts';
import { Swap } from '../../src/moves/swap.ts';
import { TwoOptStar } from '../../src/moves/two-opt-star.ts';
import { TwoOpt } from '../../src/moves/two-opt.ts';
import type { FleetRoutes } from '../../src/routes/fleet-routes.ts';
import { RouteEvaluator } from '../../src/routes/route-evaluator.ts';
import { buildUnlessInfeasible, smallWarehouses } from '../helpers.ts';
import { fleetOf } from './two-stations-line.ts';

const instances = smallWarehouses;

const never = () => false;

const interMoves: [string, (state: FleetRoutes) => InterRouteMove][] = [
  ['relocate', (state) => new Relocate(state)],
  ['swap', (state) => new Swap(state)],
  ['2-opt*', (state) => new TwoOptStar(state)],
];
const intraMoves: [string, () => IntraRouteMove][] = [
  ['or-opt', () => new OrOpt()],
  ['2-opt', () => new TwoOpt()],
];

function deliveriesOf(routes: number[][]): number[] {
  return routes.flat().sort((a, b) => a - b);
}

describe('moves on random small warehouses', () => {
  for (const [name, create] of interMoves) {
    it(`${name}: an applied move keeps every delivery once, leaves legal routes and lowers the objective`, () => {
      fc.assert(
        fc.property(instances, (input) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          const state = fleetOf(problem, assignGreedyByDistance(problem));
          const before = state.value();
          const deliveries = deliveriesOf(state.routes());
          const focus = state.busiestRobot;
          const others = state.evaluators.map((_, r) => r).filter((r) => r !== focus);
          const move = create(state);
          const search = move.find(focus, others, before - 1e-9, never);
          expect(search).not.toBe('stopped');
          if (search === 'none') return;
          move.apply();
          expect(deliveriesOf(state.routes())).toEqual(deliveries);
          for (const evaluator of state.evaluators) expect(evaluator.finish).toBeLessThan(Infinity);
          expect(state.value()).toBeLessThan(before);
        }),
        { numRuns: 60, seed: 20261125 },
      );
    });
  }

  for (const [name, create] of intraMoves) {
    it(`${name}: an applied move reorders the same deliveries and finishes earlier`, () => {
      fc.assert(
        fc.property(instances, (input) => {
          const problem = buildUnlessInfeasible(input);
          if (!problem) return;
          for (const [robot, route] of assignGreedyByDistance(problem).entries()) {
            const evaluator = new RouteEvaluator(problem, robot, route.slice());
            const before = evaluator.finish;
            const move = create();
            if (move.find(evaluator, before - 1e-7, never) !== 'found') continue;
            move.apply();
            expect(deliveriesOf([evaluator.route])).toEqual(deliveriesOf([route]));
            expect(evaluator.finish).toBeLessThan(before);
          }
        }),
        { numRuns: 60, seed: 20261125 },
      );
    });
  }
});

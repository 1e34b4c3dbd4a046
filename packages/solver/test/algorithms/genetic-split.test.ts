import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderCrossover, splitTour } from '../../src/algorithms/genetic-split.ts';
import { evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { createRandom, shuffleInPlace } from '../../src/algorithms/random.ts';
import { loadInstance, buildGraphProblem } from '../helpers.ts';

describe('genetic building blocks', () => {
  it('order crossover always yields a permutation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer(), (n, seed) => {
        const random = createRandom(seed);
        const first = Int32Array.from({ length: n }, (_, k) => k);
        const second = Int32Array.from(
          shuffleInPlace(
            Array.from({ length: n }, (_, k) => k),
            random,
          ),
        );
        const child = orderCrossover(first, second, random);
        expect(Array.from(child).sort((a, b) => a - b)).toEqual(Array.from(first));
      }),
    );
  });

  it('the min-max split covers the tour in order, robot by robot, and no cap below its makespan works', () => {
    const problem = buildGraphProblem(loadInstance('s1'));
    const tour = Int32Array.from({ length: problem.deliveryCount }, (_, k) => k);
    const order = [0, 1, 2, 3];
    const { routes, leftover } = splitTour(problem, tour, order);
    expect(leftover).toEqual([]);
    expect(routes.flat()).toEqual(Array.from(tour));
    const makespan = Math.max(...routes.map((route, r) => evaluateRoute(problem, r, route).finish));
    // Moving the first delivery of any robot to its predecessor in the order makes that robot slower than the split's cap.
    for (let index = 1; index < order.length; index++) {
      const previous = routes[order[index - 1]];
      const current = routes[order[index]];
      if (current.length === 0) continue;
      const longer = [...previous, current[0]];
      expect(evaluateRoute(problem, order[index - 1], longer).finish).toBeGreaterThan(makespan - 0.01);
    }
  });
});

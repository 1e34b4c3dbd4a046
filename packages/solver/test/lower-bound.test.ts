import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { solveRectangularAssignment } from '../src/assignment.ts';
import { buildProblem, lowerBound } from '../src/index.ts';
import { loadFixture, loadInstance } from './helpers.ts';

describe('assignment', () => {
  it('the rectangular solver gives every row of the smaller side a distinct column, optimally', () => {
    const cost = [
      [4, 1, 3],
      [2, 0, 5],
    ];
    expect(Array.from(solveRectangularAssignment(2, 3, (i, j) => cost[i][j]))).toEqual([1, 0]);
    expect(Array.from(solveRectangularAssignment(3, 2, (i, j) => cost[j][i]))).toEqual([1, 0, -1]);
    expect(Array.from(solveRectangularAssignment(2, 2, (i, j) => (i === j ? Infinity : 1)))).toEqual([1, 0]);
  });
});

describe('lowerBound', () => {
  it('on line-one-robot: lengths 6 m plus predecessors 4 m (start -> P1, D1 -> P2), both parts 10 s', () => {
    const bound = lowerBound(buildProblem(loadFixture('line-one-robot')));
    expect(bound).toEqual({
      makespan_s: 10,
      single_delivery_s: 10,
      fleet_work_s: 10,
      fleet_work_nobattery_s: 10,
      distance_m: 10,
      battery_aware_s: 10,
    });
  });

  it('counts the charges that total work needs: f(w) = w/v + (ceil(w/M) - 1) * recharge', () => {
    const fixture = loadFixture('battery-two-robots');
    const bound = lowerBound(buildProblem({ ...fixture, params: { max_distance: 20 } }));
    expect(bound.distance_m).toBe(24);
    expect(bound.fleet_work_s).toBe(12);
    const slow = lowerBound(buildProblem({ ...fixture, tasks: [...fixture.tasks, ...fixture.tasks, ...fixture.tasks], params: { max_distance: 24 } }));
    // Nine deliveries: the work per robot exceeds one 24 m charge, so the bound adds one recharge.
    expect(slow.fleet_work_s).toBeCloseTo(slow.distance_m / 2 + 180, 9);
  });

  for (const id of ['s1', 's2', 'm1', 'm2', 'l1', 'xl1']) {
    it(`matches the lower_bound of instance ${id}`, () => {
      const instance = loadInstance(id);
      const started = performance.now();
      const bound = lowerBound(buildProblem(instance));
      const elapsed = performance.now() - started;
      expect(bound.makespan_s).toBeCloseTo(instance.lower_bound.makespan_lb_s, 1);
      expect(bound.fleet_work_nobattery_s).toBeCloseTo(instance.lower_bound.makespan_lb_nobattery_s, 1);
      expect(bound.distance_m).toBeCloseTo(instance.lower_bound.distance_lb_m, 1);
      // Building xl1 (all shortest paths) and its 1,100-row assignment stays far below a minute on a slow CI.
      expect(elapsed).toBeLessThan(20000);
    });
  }
});

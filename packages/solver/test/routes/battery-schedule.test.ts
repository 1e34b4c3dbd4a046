import { describe, expect, it } from 'vitest';
import { AppendState, evaluateRoute } from '../../src/routes/battery-schedule.ts';
import { buildPlanSteps } from '../../src/plan/plan-builder.ts';
import { makeEnvironment, buildGraphProblem } from '../helpers.ts';

/**
 * A star around the station H: a short west arm (A: P1 -> D1) and a long east arm
 * (B: P2 -> D2, then C: P3 -> D3). With 30 m per charge the route A, B, C needs one recharge.
 * Recharging just before C (when the battery runs short, 9 m from home) costs more driving
 * than recharging before B (at D1, 2 m from home, right on the way east).
 */
const environment = makeEnvironment({
  nodes: [
    ['H', 'robot_station', 0, 0],
    ['R', 'robot', 0, 0],
    ['P1', 'pickup', -1, 0],
    ['D1', 'dropoff', -2, 0],
    ['P2', 'pickup', 8, 0],
    ['D2', 'dropoff', 9, 0],
    ['P3', 'pickup', 10, 0],
    ['D3', 'dropoff', 14, 0],
  ],
  edges: [
    ['R', 'H', 0],
    ['H', 'P1', 1],
    ['P1', 'D1', 1],
    ['H', 'P2', 8],
    ['P2', 'D2', 1],
    ['D2', 'P3', 1],
    ['P3', 'D3', 4],
  ],
  robots: [['R', 'H']],
});
const problem = buildGraphProblem({
  environment,
  tasks: [
    ['P1', 'D1'],
    ['P2', 'D2'],
    ['P3', 'D3'],
  ],
  params: { max_distance: 30 },
});

describe('battery schedule', () => {
  it('recharges at the cheapest legal moment, earlier than strictly needed', () => {
    const rechargeBefore = new Uint8Array(3);
    expect(evaluateRoute(problem, 0, [0, 1, 2], rechargeBefore)).toEqual({ finish: 198, distance: 18, recharges: 1 });
    expect(Array.from(rechargeBefore)).toEqual([0, 1, 0]);
  });

  it('the append-only policy recharges late and finishes later', () => {
    const state = new AppendState(problem, 0);
    state.append(0);
    state.append(1);
    expect(state.finishIfAppended(2)).toBe(216);
    expect(state.needsRecharge).toBe(true);
  });

  it('needs no recharge when the route fits one charge', () => {
    expect(evaluateRoute(problem, 0, [1, 2])).toEqual({ finish: 14, distance: 14, recharges: 0 });
  });

  it('reports Infinity when no schedule is legal', () => {
    const tight = buildGraphProblem({ environment, tasks: [['P3', 'D3']], params: { max_distance: 28 } });
    expect(evaluateRoute(tight, 0, [0]).finish).toBe(14);
    const impossible = { ...tight, maxDistance: 27 };
    expect(evaluateRoute(impossible, 0, [0]).finish).toBe(Infinity);
  });

  it('builds the steps with the recharge trip to the home station', () => {
    const steps = buildPlanSteps(problem, [[0, 1, 2]])[problem.robots[0].id];
    // total_distance restarts after the charge (the recharge step still counts its leg home); odometer_m never does.
    expect(
      steps.map((step) => [
        step.task,
        step.path,
        step.total_distance,
        step.odometer_m,
        step.completion_time,
        step.battery_remaining,
      ]),
    ).toEqual([
      [['P1', 'D1'], ['R', 'H', 'P1', 'D1'], 2, 2, 2, 93.33],
      ['recharge', ['D1', 'P1', 'H'], 4, 4, 184, 100],
      [['P2', 'D2'], ['H', 'P2', 'D2'], 9, 13, 193, 70],
      [['P3', 'D3'], ['D2', 'P3', 'D3'], 14, 18, 198, 53.33],
    ]);
  });
});

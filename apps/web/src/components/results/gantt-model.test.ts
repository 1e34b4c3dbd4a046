import { describe, expect, it } from 'vitest';
import { robotPlansOf } from '../../lib/plan-model.ts';
import { nodePositionsOf } from '../../player/node-positions.ts';
import { buildGanttChart, edgeWeightsOf, timeTicks, toPickupShare } from './gantt-model.ts';
import { TWO_ROBOT_ENVIRONMENT, TWO_ROBOT_PARAMETERS, TWO_ROBOT_RESULTS } from './two-robot-plan.fixture.ts';

const geometry = { edgeWeights: edgeWeightsOf(TWO_ROBOT_ENVIRONMENT.graph) };

function spans(robot: number) {
  const chart = buildGanttChart(robotPlansOf(TWO_ROBOT_RESULTS), TWO_ROBOT_PARAMETERS, geometry);
  return chart.rows[robot].segments.map((segment) => [segment.kind, segment.start, segment.end]);
}

describe('buildGanttChart', () => {
  it('splits deliveries into travel to the pickup and the loaded run, and recharges into travel and the wait', () => {
    expect(spans(0)).toEqual([
      ['travel', 0, 6],
      ['delivery', 6, 10],
      ['travel', 10, 13],
      ['delivery', 13, 16],
      ['travel', 16, 24],
      ['recharge', 24, 204],
      ['travel', 204, 210],
      ['delivery', 210, 214],
      ['idle', 214, 370],
    ]);
  });

  it('shows an in-place recharge as a wait only', () => {
    expect(spans(1)).toEqual([
      ['travel', 0, 7],
      ['delivery', 7, 10],
      ['recharge', 10, 370],
    ]);
  });

  it('shows a robot without work as idle over the whole axis, which ends at the latest step', () => {
    const chart = buildGanttChart(robotPlansOf(TWO_ROBOT_RESULTS), TWO_ROBOT_PARAMETERS, geometry);
    expect(chart.horizon).toBe(370);
    expect(spans(2)).toEqual([['idle', 0, 370]]);
    expect(chart.rows.map((row) => row.end)).toEqual([214, 370, 0]);
  });

  it('inserts idle time when a step starts after the previous one ended, at the plan speed', () => {
    const plans = [
      {
        robotId: 'R1_1',
        steps: [{ task: ['P1', 'D1'], path: ['P1', 'D1'], total_distance: 8, completion_time: 10 }],
      },
    ];
    const chart = buildGanttChart(plans, { robot_speed: 2 }, geometry);
    expect(chart.rows[0].segments.map((segment) => [segment.kind, segment.start, segment.end])).toEqual([
      ['idle', 0, 6],
      ['delivery', 6, 10],
    ]);
  });
});

describe('toPickupShare', () => {
  it('measures the path with graph weights, else node positions', () => {
    const path = ['R1_1', 'N1', 'P1', 'D1'];
    expect(toPickupShare(path, 'P1', geometry)).toBe(0.6);
    expect(toPickupShare(path, 'P1', { positions: nodePositionsOf(TWO_ROBOT_ENVIRONMENT) })).toBe(0.6);
    expect(toPickupShare(['P1', 'D1'], 'P1', geometry)).toBe(0);
  });
});

describe('timeTicks', () => {
  it('picks a 1-2-5 step', () => {
    expect(timeTicks(370)).toEqual([0, 100, 200, 300]);
    expect(timeTicks(60)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(timeTicks(0)).toEqual([0]);
  });
});

import { describe, expect, it } from 'vitest';
import { robotPlansOf } from '../../lib/plan-model.ts';
import { nodePositionsOf } from '../../player/node-positions.ts';
import { buildGanttChart, coalesceSegments, edgeWeightsOf, timeTicks, toPickupShare } from './gantt-model.ts';
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

describe('coalesceSegments', () => {
  const box = (kind: 'travel' | 'delivery' | 'recharge' | 'idle', start: number, end: number, stepIndex: number) => ({
    kind,
    start,
    end,
    stepIndex,
    label: 'x',
  });

  it('keeps the two-robot plan as it is at a 1-second resolution', () => {
    const chart = buildGanttChart(robotPlansOf(TWO_ROBOT_RESULTS), TWO_ROBOT_PARAMETERS, geometry);
    expect(coalesceSegments(chart.rows[0].segments, 1)).toEqual(chart.rows[0].segments);
  });

  it('merges runs of short segments into boxes of the dominant kind, with exact bounds and the steps they cover', () => {
    // R1_1 at a 10-second resolution: travel 0-6 and delivery 6-10 make one box (4 s delivery < 6 s travel),
    // then 10-13 travel, 13-16 delivery, 16-24 travel make another (14 s: 11 s travel), the 180 s recharge stays.
    const chart = buildGanttChart(robotPlansOf(TWO_ROBOT_RESULTS), TWO_ROBOT_PARAMETERS, geometry);
    expect(coalesceSegments(chart.rows[0].segments, 10)).toEqual([
      { kind: 'travel', start: 0, end: 10, stepIndex: 0, label: 'step 1', spans: 2 },
      { kind: 'travel', start: 10, end: 24, stepIndex: 1, label: 'steps 2–3', spans: 3 },
      { kind: 'recharge', start: 24, end: 204, stepIndex: 2, label: 'Recharge at R1', spans: undefined },
      { kind: 'travel', start: 204, end: 214, stepIndex: 3, label: 'step 4', spans: 2 },
      { kind: 'idle', start: 214, end: 370, stepIndex: -1, label: 'Idle', spans: undefined },
    ]);
  });

  it('takes the first kind on a tie, names an idle-only run Idle, and ends with a short run that never reached the resolution', () => {
    const segments = [box('delivery', 0, 2, 0), box('travel', 2, 4, 1), box('idle', 4, 5, -1), box('idle', 5, 6, -1)];
    expect(coalesceSegments(segments, 4)).toEqual([
      { kind: 'delivery', start: 0, end: 4, stepIndex: 0, label: 'steps 1–2', spans: 2 },
      { kind: 'idle', start: 4, end: 6, stepIndex: -1, label: 'Idle', spans: 2 },
    ]);
  });

  it('draws a day of 60,000 segments as at most about horizon / resolution boxes', () => {
    const segments = Array.from({ length: 60_000 }, (_, index) =>
      box(index % 3 === 2 ? 'delivery' : 'travel', index, index + 1, Math.floor(index / 3)),
    );
    const boxes = coalesceSegments(segments, 60_000 / 500);
    expect(boxes).toHaveLength(500);
    expect(boxes[0]).toMatchObject({ kind: 'travel', start: 0, end: 120, spans: 120, label: 'steps 1–40' });
    expect(boxes.at(-1)).toMatchObject({ start: 59_880, end: 60_000 });
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
  it('picks a step a clock reads: seconds, minutes, quarter hours, hours', () => {
    // 370 s / 6 = 61.7 s: 2 min steps, not 100 s ones ('1 min 40 s').
    expect(timeTicks(370)).toEqual([0, 120, 240, 360]);
    expect(timeTicks(60)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    // A day of 1 h 1 min 12 s (d5k's plan): quarter hours, where 1-2-5 gave 1,000 s ('16 min 40 s').
    expect(timeTicks(3672)).toEqual([0, 900, 1800, 2700, 3600]);
    // An 8 h shift: 2 h steps; 3 days: 12 h; 4 days: past the clock's steps, whole days; under a second: 1-2-5.
    expect(timeTicks(8 * 3600)).toEqual([0, 7200, 14_400, 21_600, 28_800]);
    expect(timeTicks(3 * 86_400)).toHaveLength(7);
    expect(timeTicks(4 * 86_400)).toEqual([0, 86_400, 172_800, 259_200, 345_600]);
    expect(timeTicks(0.3)).toEqual([0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(timeTicks(0)).toEqual([0]);
  });
});

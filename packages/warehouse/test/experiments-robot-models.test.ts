import { describe, expect, it } from 'vitest';
import {
  compareRobotModels,
  EXPERIMENT_KINDS,
  type ExperimentPoint,
  experimentCreateSchema,
  experimentRerunBody,
  type ExperimentRecord,
  experimentParametersSchema,
  type RobotModelParameter,
} from '../src/index.ts';

const BODY = {
  name: 'Which robot?',
  kind: 'robot_model_comparison' as const,
  scenario_id: 1,
  task_id: 2,
  algorithm: 'makespan' as const,
  robot_models: ['drive-unit', 'amr'] as RobotModelParameter[],
};

function issues(body: Record<string, unknown>): string[] {
  const parsed = experimentCreateSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('robot_model_comparison create body', () => {
  it('takes two or more distinct models, presets or custom figures, robot counts and a target', () => {
    expect(issues(BODY)).toEqual([]);
    expect(
      issues({
        ...BODY,
        robot_models: ['point', { name: 'slow', acceleration_m_s2: 0.3, braking_m_s2: 0.3, quarter_turn_s: 2 }],
        robot_counts: [2, 4],
        target_makespan_s: 600,
      }),
    ).toEqual([]);
  });

  it('refuses bad input naming the field', () => {
    expect(issues({ ...BODY, robot_models: ['amr'] })).toEqual(['robot_models: Expected 2 to 6 robot models']);
    expect(issues({ ...BODY, robot_models: ['amr', 'amr'] })).toEqual([
      'robot_models: Robot models must be distinct (give custom figures a name of their own)',
    ]);
    expect(issues({ ...BODY, robot_models: undefined })).toEqual([
      'robot_models: Required for a robot_model_comparison',
    ]);
    expect(issues({ ...BODY, robot_models: ['amr', 'hovercraft'] })).toEqual([
      'robot_models.1: robot_model must be one of point, drive-unit, amr, or custom figures',
    ]);
    expect(
      issues({ ...BODY, robot_models: ['amr', { acceleration_m_s2: 0, braking_m_s2: 1, quarter_turn_s: 1 }] })[0],
    ).toMatch(/^robot_models\.1\.acceleration_m_s2: /);
    expect(issues({ ...BODY, algorithm: undefined })).toEqual(['algorithm: Required for a robot_model_comparison']);
    expect(issues({ ...BODY, parameters: { robot_model: 'amr' } })).toEqual([
      'parameters: robot_model is set by each point of a robot_model_comparison: list them in robot_models',
    ]);
    expect(issues({ ...BODY, robot_counts: Array.from({ length: 16 }, (_, k) => k + 1) })).toEqual([
      'robot_counts: Each model runs at each count: at most 30 points, 2 models x 16 counts is 32',
    ]);
    expect(issues({ ...BODY, target_makespan_s: -5 })).toEqual([
      'target_makespan_s: target_makespan_s must be above 0 s',
    ]);
    expect(issues({ ...BODY, target_throughput_per_h: 100 })).toEqual([
      'target_throughput_per_h: Only for a comparison that runs shifts (parameters.shift); a day takes target_makespan_s',
    ]);
    expect(
      issues({ ...BODY, kind: 'fleet_sweep', robot_counts: [1], robot_models: ['amr', 'point'], target_makespan_s: 9 }),
    ).toEqual(['robot_models: Not used by a fleet_sweep', 'target_makespan_s: Not used by a fleet_sweep']);
  });

  it('plans each model at each count, smallest first, each point setting its model', () => {
    const points = EXPERIMENT_KINDS.robot_model_comparison.points(
      { ...BODY, robot_counts: [4, 2], parameters: {} },
      undefined,
    );
    expect(points.map((point) => [point.robotModel, point.robotCount, point.label])).toEqual([
      ['drive-unit', 2, 'drive-unit · 2 robots'],
      ['drive-unit', 4, 'drive-unit · 4 robots'],
      ['amr', 2, 'amr · 2 robots'],
      ['amr', 4, 'amr · 4 robots'],
    ]);
    expect(
      EXPERIMENT_KINDS.robot_model_comparison
        .points({ ...BODY, parameters: {} }, 5)
        .map((point) => [point.robotModel, point.robotCount, point.label]),
    ).toEqual([
      ['drive-unit', 5, 'drive-unit'],
      ['amr', 5, 'amr'],
    ]);
  });
});

const PARAMETERS = experimentParametersSchema.parse({});

/** A finished point of a model at a fleet with a makespan (executed: null unless given). */
function point(
  model: string,
  robots: number,
  makespan: number | null,
  executed: number | null = null,
): ExperimentPoint {
  return {
    solve_id: robots,
    algorithm: 'makespan',
    robot_count: robots,
    chargers: null,
    orders_per_hour: null,
    parameters: { ...PARAMETERS, algorithm_type: 'makespan', robot_model: model } as ExperimentPoint['parameters'],
    status: makespan === null ? 'running' : 'completed',
    stats:
      makespan === null
        ? null
        : ({
            makespan_s: makespan,
            executed_makespan_s: executed,
          } as ExperimentPoint['stats']),
    error: null,
  };
}

describe('compareRobotModels', () => {
  const points = [
    point('drive-unit', 2, 900),
    point('drive-unit', 3, 640),
    point('drive-unit', 4, 500),
    point('amr', 2, 1300),
    point('amr', 3, 950),
    point('amr', 4, 700),
  ];

  it('answers the fewest robots each model needs for a target makespan, and which model needs fewest', () => {
    const answer = compareRobotModels(points, ['drive-unit', 'amr'], 700, false);
    expect(answer.figure).toBe('makespan_s');
    expect(
      answer.perModel.map((finding) => [finding.model, finding.status, 'robots' in finding ? finding.robots : null]),
    ).toEqual([
      ['drive-unit', 'met', 3],
      ['amr', 'met', 4],
    ]);
    expect(answer.winners).toEqual(['drive-unit']);
    expect(answer.winnerRobots).toBe(3);
  });

  it('says when a model meets the target with no fleet tested, with its closest point', () => {
    const answer = compareRobotModels(points, ['drive-unit', 'amr'], 550, false);
    expect(answer.perModel[1]).toMatchObject({ model: 'amr', status: 'none_met', closest: { robot_count: 4 } });
    expect(answer.winners).toEqual(['drive-unit']);
    expect(answer.winnerRobots).toBe(4);
    expect(compareRobotModels(points, ['drive-unit', 'amr'], 100, false).winners).toEqual([]);
  });

  it('counts the unfinished points that could still change the answer, and none once it is final', () => {
    expect(compareRobotModels(points, ['drive-unit', 'amr'], 700, false).open).toBe(0);
    // The drive unit meets 700 s with 3 robots and the AMR with 4. A drive unit's 2 robots still
    // running could meet it with fewer, and so could the AMR's 3; the AMR's 5 could not.
    const running = [
      point('drive-unit', 2, null),
      point('drive-unit', 3, 640),
      point('drive-unit', 4, null),
      point('amr', 3, null),
      point('amr', 4, 700),
      point('amr', 5, null),
    ];
    const answer = compareRobotModels(running, ['drive-unit', 'amr'], 700, false);
    expect(answer).toMatchObject({ winners: ['drive-unit'], winnerRobots: 3, open: 2 });
    // A model with no fleet meeting it yet: each of its unfinished points could.
    expect(compareRobotModels(running, ['drive-unit', 'amr'], 600, false).open).toBe(4);
    // Without a target any unfinished point counts.
    expect(compareRobotModels(running, ['drive-unit', 'amr'], null, false).open).toBe(4);
  });

  it('lists every model that ties on the fewest robots', () => {
    expect(compareRobotModels(points, ['drive-unit', 'amr'], 1300, false)).toMatchObject({
      winners: ['drive-unit', 'amr'],
      winnerRobots: 2,
    });
  });

  it('reads executed makespans only when every finished point has one', () => {
    const executed = [point('drive-unit', 2, 900, 950), point('amr', 2, 1000, 1010)];
    expect(compareRobotModels(executed, ['drive-unit', 'amr'], 960, false).figure).toBe('executed_makespan_s');
    const mixed = [point('drive-unit', 2, 900), point('amr', 2, 1000, 1010)];
    expect(compareRobotModels(mixed, ['drive-unit', 'amr'], 960, false)).toMatchObject({
      figure: 'makespan_s',
      winners: ['drive-unit'],
    });
  });

  it('without a target, names the model with the best figure at the largest fleet all ran, and whether it is best at each', () => {
    // The drive unit finishes first with 2, 3 and 4 robots.
    expect(compareRobotModels(points, ['drive-unit', 'amr'], null, false)).toMatchObject({
      perModel: [],
      winners: ['drive-unit'],
      winnerRobots: 4,
      everyFleet: [2, 3, 4],
    });
    // The AMR ahead with 4 robots only (480 s against 500 s): the answer holds at 4 robots alone.
    const crossing = [...points.slice(0, 5), point('amr', 4, 480), point('amr', 5, 400)];
    expect(compareRobotModels(crossing, ['drive-unit', 'amr'], null, false)).toMatchObject({
      winners: ['amr'],
      winnerRobots: 4,
      everyFleet: [],
    });
    // One fleet shared: nothing to say of every fleet.
    const one = [point('drive-unit', 2, 900), point('amr', 2, 1300), point('amr', 3, 950)];
    expect(compareRobotModels(one, ['drive-unit', 'amr'], null, false)).toMatchObject({
      winners: ['drive-unit'],
      winnerRobots: 2,
      everyFleet: [],
    });
    expect(compareRobotModels([point('amr', 2, null)], ['drive-unit', 'amr'], null, false).winners).toEqual([]);
  });
});

describe('re-running a robot-model comparison', () => {
  it('asks for the same models, counts and target', () => {
    const record = {
      kind: 'robot_model_comparison',
      description: null,
      scenario_id: 1,
      task_id: 2,
      algorithms: ['makespan'],
      robot_models: ['drive-unit', 'amr'],
      robot_counts: [2, 3],
      charger_counts: [],
      rates: [],
      target_makespan_s: 600,
      target_throughput_per_h: null,
      parameters: PARAMETERS,
      knee_tolerance: 0.05,
      cycle_p95_target_s: null,
    } as unknown as ExperimentRecord;
    const body = experimentRerunBody(record, 'again');
    expect(body).toMatchObject({
      kind: 'robot_model_comparison',
      algorithm: 'makespan',
      robot_models: ['drive-unit', 'amr'],
      robot_counts: [2, 3],
      target_makespan_s: 600,
    });
    expect(experimentCreateSchema.safeParse(body).success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { experimentRerunBody } from '../src/experiments/experiment-rerun.ts';
import {
  experimentCreateSchema,
  experimentParametersSchema,
  type ExperimentRecord,
} from '../src/records/experiment.ts';

const STAMP = '2026-01-01T00:00:00.000Z';
/** The parameters as a record holds them: what was asked, defaults filled in. */
const PARAMETERS = experimentParametersSchema.parse({ max_distance: 800 });
/** A fleet sweep of 2..4 robots with Makespan search, made on layout version 1 of 2. */
const FLEET_SWEEP: ExperimentRecord = {
  id: 5,
  name: 'How many robots?',
  description: null,
  kind: 'fleet_sweep',
  status: 'completed',
  environment_id: 1,
  environment_version: 1,
  environment_latest_version: 2,
  scenario_id: 2,
  task_id: 3,
  algorithms: ['makespan'],
  robot_counts: [2, 3, 4],
  charger_counts: [],
  rates: [],
  robot_models: [],
  target_makespan_s: null,
  target_throughput_per_h: null,
  parameters: PARAMETERS,
  knee_tolerance: 0.1,
  cycle_p95_target_s: null,
  progress: { completed: 3, failed: 0, total: 3 },
  points: [],
  cancelled_at: null,
  created_at: STAMP,
  updated_at: STAMP,
};

describe('experimentRerunBody', () => {
  it('asks for the same sweep under the new name: one algorithm, its robot counts, its settings', () => {
    expect(experimentRerunBody(FLEET_SWEEP, 'How many robots? (layout version 2)')).toEqual({
      name: 'How many robots? (layout version 2)',
      description: undefined,
      kind: 'fleet_sweep',
      scenario_id: 2,
      task_id: 3,
      algorithm: 'makespan',
      robot_counts: [2, 3, 4],
      parameters: PARAMETERS,
      knee_tolerance: 0.1,
    });
  });

  it('gives every kind a body the create schema accepts, carrying only its own list of points', () => {
    const records: ExperimentRecord[] = [
      FLEET_SWEEP,
      { ...FLEET_SWEEP, kind: 'algorithm_comparison', algorithms: ['greedy_distance', 'auction'], robot_counts: [] },
      { ...FLEET_SWEEP, kind: 'charger_sweep', robot_counts: [], charger_counts: [1, 2] },
      {
        ...FLEET_SWEEP,
        kind: 'rate_sweep',
        description: 'Which rate holds',
        robot_counts: [],
        rates: [300, 600],
        parameters: experimentParametersSchema.parse({ shift: { hours: 2, dispatch: 'nearest_idle' } }),
        cycle_p95_target_s: 600,
      },
    ];
    const bodies = records.map((record) => experimentRerunBody(record, 'Again'));
    for (const body of bodies) expect(experimentCreateSchema.safeParse(body).error).toBeUndefined();
    expect(
      bodies.map(({ algorithm, algorithms, robot_counts, charger_counts, rates }) => [
        algorithm,
        algorithms,
        robot_counts,
        charger_counts,
        rates,
      ]),
    ).toEqual([
      ['makespan', undefined, [2, 3, 4], undefined, undefined],
      [undefined, ['greedy_distance', 'auction'], undefined, undefined, undefined],
      ['makespan', undefined, undefined, [1, 2], undefined],
      ['makespan', undefined, undefined, undefined, [300, 600]],
    ]);
    expect(bodies[3]).toMatchObject({ description: 'Which rate holds', cycle_p95_target_s: 600 });
  });
});

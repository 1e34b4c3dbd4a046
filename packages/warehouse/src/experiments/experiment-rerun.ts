import type { ExperimentCreate, ExperimentRecord } from '../records/experiment.ts';
import { EXPERIMENT_KINDS } from './experiment-kinds.ts';

/**
 * The create body that runs an experiment again as it was asked for (kind, scenario, task,
 * algorithm or algorithms, its points, settings, targets) under another name: new experiments
 * run on the environment's newest layout, so this is "re-run on the newest version". The
 * kind's `pointsField` says which list holds its points; every other kind's list stays out, as
 * the create schema requires.
 */
export function experimentRerunBody(record: ExperimentRecord, name: string): ExperimentCreate {
  const { pointsField } = EXPERIMENT_KINDS[record.kind];
  const swept =
    pointsField === 'algorithms'
      ? { algorithms: record.algorithms }
      : pointsField === 'robot_models'
        ? {
            algorithm: record.algorithms[0],
            robot_models: record.robot_models,
            ...(record.robot_counts.length > 0 ? { robot_counts: record.robot_counts } : {}),
            ...(record.target_makespan_s === null ? {} : { target_makespan_s: record.target_makespan_s }),
            ...(record.target_throughput_per_h === null
              ? {}
              : { target_throughput_per_h: record.target_throughput_per_h }),
          }
        : { algorithm: record.algorithms[0], [pointsField]: record[pointsField] };
  return {
    name,
    description: record.description ?? undefined,
    kind: record.kind,
    scenario_id: record.scenario_id,
    task_id: record.task_id,
    ...swept,
    parameters: record.parameters,
    knee_tolerance: record.knee_tolerance,
    ...(record.cycle_p95_target_s === null ? {} : { cycle_p95_target_s: record.cycle_p95_target_s }),
  };
}

// Exports of a solve in the field's formats: its execution for PlanViz (the League of Robot
// Runners output format and the floor's .map) and its plan as VDA 5050 orders for a fleet
// manager. The formats themselves are @fleetlab/warehouse's (src/formats); this names the files.

import {
  type FloorEnvironment,
  planVizExport,
  VDA5050_VERSION,
  vda5050Orders,
  type ExecutionRecord,
  type PlanStepRecord,
} from '@fleetlab/warehouse';
import { toLayoutScene, type LooseEnvironmentShape } from '../../map-drawing/layout-scene.ts';

/** The floor of a layout as the results hold it (lists may be absent; a robot always has its station on the API's records). */
function floorOf(environment: LooseEnvironmentShape): FloorEnvironment {
  const scene = toLayoutScene(environment);
  return {
    dimensions: scene.dimensions,
    elements: {
      ...scene.elements,
      robots: scene.elements.robots.map((robot) => ({ ...robot, station_id: robot.station_id ?? '' })),
    },
  };
}

export interface ExportFile {
  readonly name: string;
  readonly text: string;
  readonly mimeType: string;
}

/** The PlanViz pair: `solve-ID-planviz.json` (the replay) and `solve-ID-planviz.map` (the floor). */
export function planVizFiles(
  solveId: number | string,
  environment: LooseEnvironmentShape,
  execution: ExecutionRecord,
): ExportFile[] {
  const { output, map } = planVizExport(floorOf(environment), execution);
  return [
    { name: `solve-${solveId}-planviz.json`, text: `${JSON.stringify(output)}\n`, mimeType: 'application/json' },
    { name: `solve-${solveId}-planviz.map`, text: map, mimeType: 'text/plain' },
  ];
}

type Trip = Pick<PlanStepRecord, 'task' | 'completion_time'>;

/** The steps of a results map the orders read: each robot's trips, in order (other keys, like `stats`, are not robots). */
function tripsOf(results: Readonly<Record<string, unknown>>): Record<string, Trip[]> {
  const trips: Record<string, Trip[]> = {};
  for (const [robot, steps] of Object.entries(results)) {
    if (!Array.isArray(steps)) continue;
    trips[robot] = steps.flatMap((step: { task?: unknown; completion_time?: unknown }): Trip[] => {
      const { task } = step;
      const time = typeof step.completion_time === 'number' ? step.completion_time : 0;
      if (Array.isArray(task) && task.length === 2)
        return [{ task: [String(task[0]), String(task[1])], completion_time: time }];
      if (task === 'recharge' || task === 'recharge_in_place') return [{ task, completion_time: time }];
      return [];
    });
  }
  return trips;
}

/**
 * `solve-ID-vda5050.json`: the VDA 5050 orders of the plan, one per robot and trip, as a JSON
 * array of order messages (each for its vehicle's `order` topic), on the map named after the
 * environment, driving at most the solve's robot speed, stamped from the moment of the export.
 */
export function vda5050File(
  solveId: number | string,
  environment: LooseEnvironmentShape & { readonly name?: string },
  results: Readonly<Record<string, unknown>>,
  robotSpeed: number | undefined,
): ExportFile {
  const orders = vda5050Orders(floorOf(environment), tripsOf(results), {
    mapId: environment.name ?? 'fleetlab',
    maxSpeed: robotSpeed,
    // Handed over now: each order is stamped with now plus when its trip sets out.
    start: new Date(),
  });
  return {
    name: `solve-${solveId}-vda5050-${VDA5050_VERSION}.json`,
    text: `${JSON.stringify(orders, null, 2)}\n`,
    mimeType: 'application/json',
  };
}

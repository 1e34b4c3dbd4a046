import { describe, expect, it } from 'vitest';
import { importLorrProblem, type ExecutionRecord } from '@fleetlab/warehouse';
import { planVizFiles, vda5050File } from './field-export.ts';

// An 8 x 6 floor with a shelf over row 1 (columns 1-6); R1 at (0, 0), R2 at (7, 0); one task
// from the cell (1, 2) below the shelf to (1, 4).
const { layout } = importLorrProblem({
  problem: JSON.stringify({ mapFile: 'small.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 2 }),
  map: 'type octile\nheight 6\nwidth 8\nmap\n........\n.@@@@@@.\n........\n........\n........\n........\n',
  agents: '2\n0\n7\n',
  tasks: '1\n17,33\n',
});
const environment = { name: 'Small bay', dimensions: layout.dimensions, elements: layout.elements };

const totals = {
  planned_makespan_s: 5,
  free_flow_makespan_s: 5,
  executed_makespan_s: 5,
  waiting_s: 0,
  max_robot_waiting_s: 0,
  max_waiting_robot: null,
  throughput_per_h: 720,
  deliveries: 1,
  charger_queue_s: {},
  extra_charges: 0,
  deadlocks_resolved: 0,
  reserve_replays: 0,
  steps: 5,
  conflicts: 0,
};
const robot = (timeline: number[], deliveries: ExecutionRecord['robots'][string]['deliveries']) => ({
  timeline,
  deliveries,
  charges: [],
  waiting_s: 0,
  queued_s: 0,
  distance_m: 5,
  finish_s: 5,
  extra_charges: 0,
});
/** R1_1 drives down to (0, 2), right to the pickup's cell (1, 2) at step 3, down to the dropoff at step 5; R2_1 stays. */
const execution: ExecutionRecord = {
  step_s: 1,
  robots: {
    R1_1: robot([0, 0, 0, 2, 0, 2, 3, 1, 2, 5, 1, 4], [{ pickup: 'P13', dropoff: 'D1', done_s: 5 }]),
    R2_1: robot([0, 7, 0], []),
  },
  totals,
  heatmap: { width: 8, height: 6, wait_s: new Array(48).fill(0) },
};

describe('exports of a solve in the field formats', () => {
  it('PlanViz: the replay and the floor map, named after the solve', () => {
    const [plan, map] = planVizFiles(42, environment, execution);
    expect(plan?.name).toBe('solve-42-planviz.json');
    expect(map?.name).toBe('solve-42-planviz.map');
    expect(map?.text.split('\n').slice(0, 6)).toEqual([
      'type octile',
      'height 6',
      'width 8',
      'map',
      '........',
      '.@@@@@@.',
    ]);
    const output = JSON.parse(plan?.text ?? '{}');
    expect(output.actualPaths).toEqual(['U,U,R,U,U', 'W,W,W,W,W']);
    expect(output.events).toEqual([
      [3, 0, 0, 1],
      [5, 0, 0, 2],
    ]);
  });

  it('VDA 5050: one order per robot and trip, on the map named after the environment', () => {
    const file = vda5050File(
      42,
      environment,
      { R1_1: [{ task: ['P13', 'D1'], completion_time: 5 }], R2_1: [], stats: {} },
      1.2,
    );
    expect(file.name).toBe('solve-42-vda5050-2.1.0.json');
    const orders = JSON.parse(file.text);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ orderId: 'R1_1-1', serialNumber: 'R1_1', version: '2.1.0' });
    expect(orders[0].nodes.map((node: { nodeId: string }) => node.nodeId)).toEqual(['R1_1', 'cell-0-2', 'P13', 'D1']);
    expect(orders[0].nodes[0].nodePosition).toEqual({ x: 0.5, y: 0.5, mapId: 'Small bay', allowedDeviationXY: 0 });
    expect(orders[0].edges[0].maxSpeed).toBe(1.2);
  });
});

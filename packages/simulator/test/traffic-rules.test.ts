import { describe, expect, it } from 'vitest';
import type { FloorEnvironment } from '@fleetlab/warehouse';
import { checkExecution, simulate } from '../src/index.ts';
import { deliver } from './fixtures.ts';

/**
 * "Ring": an 11 x 5 floor, shelf S1 over cells x 2-8, y 1-3, so row 0, row 4 and columns 1 and 9
 * form a one-cell ring round it. Station R1 at (0, 2) opens onto the ring at (1, 2), R2 at
 * (10, 2) onto (9, 2). PW on S1's left side stands at (1, 1), PE on its right side at (9, 1);
 * DW at (1, 0), DE at (9, 0). R1_1 takes PW -> DE, R2_1 takes PE -> DW: both along row 0,
 * head-on.
 */
function ring(oneWay: boolean): FloorEnvironment {
  return {
    dimensions: { width: 11, height: 5 },
    elements: {
      shelves: [{ id: 'S1', position: [2, 1], size: [7, 3] }],
      pickups: [
        { id: 'PW', position: [2, 1.5], shelf_id: 'S1', side: 'left' },
        { id: 'PE', position: [9, 1.5], shelf_id: 'S1', side: 'right' },
      ],
      dropoffs: [
        { id: 'DW', position: [1.5, 0.5] },
        { id: 'DE', position: [9.5, 0.5] },
      ],
      robot_stations: [
        { id: 'R1', position: [0.5, 2.5] },
        { id: 'R2', position: [10.5, 2.5] },
      ],
      robots: [
        { id: 'R1_1', station_id: 'R1', position: [0.5, 2.5] },
        { id: 'R2_1', station_id: 'R2', position: [10.5, 2.5] },
      ],
      // Row 0 runs east, row 4 west: the ring turns clockwise.
      one_way_aisles: oneWay
        ? [
            { id: 'W1', position: [2, 0], size: [7, 1], direction: 'right' },
            { id: 'W2', position: [2, 4], size: [7, 1], direction: 'left' },
          ]
        : [],
    },
  };
}

const plan = { R1_1: [deliver('PW', 'DE')], R2_1: [deliver('PE', 'DW')] };

describe('traffic rules a planner draws', () => {
  it('a one-way ring removes the head-on wait of two robots meeting on row 0', () => {
    // Two-way under plain PIBT, both drive row 0 towards each other and one must give way.
    const twoWay = simulate(ring(false), plan, { traffic_policy: 'pibt' });
    expect(twoWay.totals.free_flow_makespan_s).toBe(11);
    expect(twoWay.totals.waiting_s).toBeGreaterThan(0);
    expect(twoWay.totals.executed_makespan_s).toBeGreaterThan(11);
    // One-way, R2_1 goes round: (10, 2) -> (9, 2) -> PE (9, 1) at 2 s, down column 9 to (9, 4)
    // at 5 s, west along row 4 to (1, 4) at 13 s, up column 1 to DW (1, 0) at 17 s. R1_1 drives
    // row 0 east: PW (1, 1) at 2 s, DE (9, 0) at 11 s. They never meet: no wait, executed = plan.
    for (const traffic_policy of ['pibt', 'guided'] as const) {
      const oneWay = simulate(ring(true), plan, { traffic_policy });
      expect(oneWay.robots.R1_1.deliveries[0].done_s).toBe(11);
      expect(oneWay.robots.R2_1.deliveries[0].done_s).toBe(17);
      expect(oneWay.totals).toMatchObject({ free_flow_makespan_s: 17, executed_makespan_s: 17, waiting_s: 0 });
      expect(checkExecution(ring(true), plan, oneWay).errors).toEqual([]);
    }
  });

  it('the checker names a move against a one-way aisle', () => {
    const twoWay = simulate(ring(false), plan, { traffic_policy: 'pibt' });
    // R2_1's two-way run drives west along row 0, against W1 on the one-way ring.
    expect(checkExecution(ring(true), plan, twoWay).errors.some((error) => /^Robot R2_1 drives against one-way aisle W1 from cell \(\d, 0\) to cell \(\d, 0\) at step \d+$/.test(error))).toBe(true);
  });
});

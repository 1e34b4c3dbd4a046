import { maxFleetSize } from '@fleetlab/warehouse';
import { describe, expect, it } from 'vitest';
import { batteryReserveHint, fleetOnFloor, solveFleetSize } from './automatic-battery-reserve.ts';

/**
 * A 10 x 5 floor with a 4 x 2 shelf (8 blocked cells) and two stations (depots, not driven on):
 * 40 free cells; station R1 holds 3 robots, R2 2.
 */
const hall = {
  dimensions: { width: 10, height: 5 },
  elements: {
    shelves: [{ id: 'S1', position: [3, 1] as [number, number], size: [4, 2] as [number, number] }],
    dropoffs: [],
    pickups: [],
    navigation_points: [],
    robot_stations: [
      { id: 'R1', position: [0.5, 0.5] as [number, number], robot_count: 3 },
      { id: 'R2', position: [9.5, 0.5] as [number, number], robot_count: 2 },
    ],
    robots: [
      { id: 'R1_1', station_id: 'R1', position: [0.5, 0.5] as [number, number], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [0.5, 0.5] as [number, number], station_index: 1 },
      { id: 'R1_3', station_id: 'R1', position: [0.5, 0.5] as [number, number], station_index: 2 },
      { id: 'R2_1', station_id: 'R2', position: [9.5, 0.5] as [number, number], station_index: 0 },
      { id: 'R2_2', station_id: 'R2', position: [9.5, 0.5] as [number, number], station_index: 1 },
    ],
  },
};

const RULE =
  'Share of each charge the plan keeps for detours in traffic, 0 to 50. Blank: automatic, 3% plus 0.6 points per robot per 100 free floor cells (2.5 times that for robots that accelerate and turn), from 5% to 25%';

describe('the automatic battery reserve in the solve form', () => {
  it('counts the fleet a solve plans with: the scenario robot count (beyond the drawing too), or the whole fleet', () => {
    expect(solveFleetSize(hall, 2)).toBe(2);
    expect(solveFleetSize(hall, undefined)).toBe(5);
    expect(solveFleetSize(hall, 7)).toBe(7);
    // More than the floor can park: the most it takes (the server refuses the solve, naming it).
    expect(maxFleetSize(hall)).toBeLessThan(99);
    expect(solveFleetSize(hall, 99)).toBe(maxFleetSize(hall));
  });

  it('says the rule and what it gives for the floor and the fleet', () => {
    // 5 robots on 40 free cells: 3 + 60 x 5 / 40 = 10.5%.
    expect(fleetOnFloor(hall, [5])).toEqual({ freeCells: 40, fleets: [5] });
    expect(batteryReserveHint(fleetOnFloor(hall, [5]))).toBe(`${RULE}: 10.5% for 5 robots on 40 free cells.`);
    // 1 robot: 3 + 1.5 = 4.5%, held to the 5% floor; a sweep from 1 to 5 robots spans 5% to 10.5%.
    expect(batteryReserveHint(fleetOnFloor(hall, [1]))).toBe(`${RULE}: 5% for 1 robot on 40 free cells.`);
    expect(batteryReserveHint(fleetOnFloor(hall, [1, 3, 5]))).toBe(
      `${RULE}: 5% to 10.5% for 1 to 5 robots on 40 free cells.`,
    );
  });

  it('gives the figure of the robots the form plans: robots that accelerate and turn count the crowd 2.5 times', () => {
    // 5 robots on 40 free cells: 3 + 2.5 x 60 x 5 / 40 = 21.75, shown to one decimal as 21.8%;
    // 1 robot: 3 + 2.5 x 1.5 = 6.75 -> 6.8%.
    expect(batteryReserveHint(fleetOnFloor(hall, [5]), 'model')).toBe(
      `${RULE}: 21.8% for 5 robots that accelerate and turn, on 40 free cells.`,
    );
    expect(batteryReserveHint(fleetOnFloor(hall, [1, 5]), 'either')).toBe(
      `${RULE}: 5% to 10.5% for 1 to 5 robots on 40 free cells, 6.8% to 21.8% for robots that accelerate and turn.`,
    );
  });

  it('says only the rule when there is no floor to count: no environment yet, or one whose floor cannot be built', () => {
    expect(batteryReserveHint(fleetOnFloor(null, [5]))).toBe(`${RULE}.`);
    const broken = {
      ...hall,
      elements: { ...hall.elements, dropoffs: [{ id: 'D1', position: [4.5, 1.5] as [number, number] }] },
    };
    expect(fleetOnFloor(broken, [5])).toBeNull();
  });
});

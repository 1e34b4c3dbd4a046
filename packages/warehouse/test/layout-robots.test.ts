import { describe, expect, it } from 'vitest';
import { robotsFromStations } from '../src/layout/robots.ts';
import { BENCHMARK_INSTANCES, loadBenchmarkEnvironment } from './layout-fixtures.ts';

describe('robotsFromStations', () => {
  it('parks robot_count robots R{n}_{k} on each station, station_index from 0', () => {
    expect(
      robotsFromStations([
        { id: 'R1', position: [5.5, 0.5], robot_count: 2 },
        { id: 'R2', position: [15.5, 0.5], robot_count: 1 },
      ]),
    ).toEqual([
      { id: 'R1_1', station_id: 'R1', position: [5.5, 0.5], station_index: 0 },
      { id: 'R1_2', station_id: 'R1', position: [5.5, 0.5], station_index: 1 },
      { id: 'R2_1', station_id: 'R2', position: [15.5, 0.5], station_index: 0 },
    ]);
  });

  it('gives no robots without stations', () => {
    expect(robotsFromStations([])).toEqual([]);
  });

  it('does not share position arrays with the stations', () => {
    const station = { id: 'R1', position: [1.5, 1.5] as [number, number], robot_count: 1 };
    const [robot] = robotsFromStations([station]);
    robot.position[0] = 9;
    expect(station.position).toEqual([1.5, 1.5]);
  });

  it.each(BENCHMARK_INSTANCES)('reproduces the robots of benchmark %s exactly', (name) => {
    const environment = loadBenchmarkEnvironment(name);
    expect(robotsFromStations(environment.elements.robot_stations)).toEqual(environment.elements.robots);
  });
});

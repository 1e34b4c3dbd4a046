import type { Robot, RobotStation } from './types.ts';

/**
 * The robots of the layout: station `R{n}` holds `robot_count` robots `R{n}_1..R{n}_k`, each
 * parked at the station's position, with `station_index` 0..k-1.
 */
export function robotsFromStations(stations: readonly RobotStation[]): Robot[] {
  return stations.flatMap((station) =>
    Array.from({ length: station.robot_count }, (_, index) => ({
      id: `${station.id}_${index + 1}`,
      station_id: station.id,
      position: [station.position[0], station.position[1]] as [number, number],
      station_index: index,
    })),
  );
}

import { Floor, UNREACHABLE, type FloorEnvironment } from '../floor/floor.ts';

/**
 * The pickup -> dropoff pairs some robot can deliver, as each pickup's dropoffs: a pair is
 * servable when one station's robot can walk from its station to the pickup, from the pickup to
 * the dropoff and from the dropoff back home (walks never cross a station, one-way aisles
 * honoured). A pickup no robot reaches, or whose dropoffs are all out of reach, is left out.
 * One walk-length field to and one from each station and one to each dropoff: pickups x
 * dropoffs x stations look-ups, 1.5 M on the 20,000-order floor (960 pickups, 40 of each).
 */
export function servableDropoffsByPickup(environment: FloorEnvironment): Map<string, string[]> {
  const floor = new Floor(environment);
  const { pickups = [], dropoffs = [] } = environment.elements;
  const fromStation = floor.stationCells.map((cell) => floor.distancesFrom(cell));
  const toStation = floor.stationCells.map((cell) => floor.distanceField(cell));
  const dropoffCells = dropoffs.map((dropoff) => floor.requireCellOf(dropoff.id, 'Dropoff'));
  const servable = new Map<string, string[]>();
  for (const pickup of pickups) {
    const pickupCell = floor.requireCellOf(pickup.id, 'Pickup');
    const reached = dropoffs.filter((_, d) => {
      if (floor.distance(pickupCell, dropoffCells[d]) >= UNREACHABLE) return false;
      return fromStation.some(
        (from, s) => from[pickupCell] < UNREACHABLE && toStation[s][dropoffCells[d]] < UNREACHABLE,
      );
    });
    if (reached.length > 0)
      servable.set(
        pickup.id,
        reached.map((dropoff) => dropoff.id),
      );
  }
  return servable;
}

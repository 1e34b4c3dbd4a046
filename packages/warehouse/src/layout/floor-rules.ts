import { Floor, UNREACHABLE } from '../floor/floor.ts';
import type { EnvironmentProblem, EnvironmentRulesReport, EnvironmentToCheck } from './environment-rules.ts';
import type { LayoutElements, OneWayAisle } from './types.ts';

/**
 * What the floor needs of a layout whose elements keep the editor's rules: no place on a
 * keep-clear cell, no pickup or dropoff on a station's cell, and every place a solve may use
 * reachable on the floor. Robots start and
 * charge at their station, so every pickup and dropoff must be reachable from every station and
 * every station reachable back from it; a delivery drives from its pickup to its dropoff, so
 * every dropoff must be reachable from every pickup (checked for places the stations reach both
 * ways, so one place cut off is named once, not with every pair).
 *
 * A place the one-way aisles cut off (reachable were they gone) is an error naming the place
 * and the aisle that does it: the plan could not run. A place no walk reaches even without
 * traffic rules (walled in by shelves, the grid's edge, or stations, which walks never cross)
 * is a warning: solves that need it fail naming the delivery, the others run; but a dropoff that
 * no station reaches at all is an error (`unreachable-dropoff`): nothing could ever be delivered there.
 *
 * A station that is cut off from every place while other stations serve them is named itself,
 * once, instead of in every place's message.
 *
 * Cost: one breadth-first search from and one to each station, and one to each dropoff, over
 * the floor's cells (a few milliseconds on a 50 x 50 floor); the floor without aisles and
 * without each aisle is searched only when something is unreachable.
 */
export function checkFloorRules(environment: EnvironmentToCheck): EnvironmentRulesReport {
  const { elements } = environment;
  // Keep-clear cells change where robots stop, never where they can drive.
  const floor = new Floor({ dimensions: environment.dimensions, elements: { ...elements, keep_clear_cells: [] } });
  const reachability = reachabilityProblems(floor, environment);
  return { errors: [...placeCellErrors(floor, elements), ...reachability.errors], warnings: reachability.warnings };
}

/** A direction as a step in cells (y grows downwards). */
const DIRECTION_VECTORS: Readonly<Record<OneWayAisle['direction'], readonly [number, number]>> = {
  right: [1, 0],
  left: [-1, 0],
  down: [0, 1],
  up: [0, -1],
};

const KIND_NAMES = { pickup: 'Pickup', dropoff: 'Dropoff', station: 'Robot station' } as const;

/** A place on the floor that a solve may use, with its cell. */
interface Place {
  readonly kind: keyof typeof KIND_NAMES;
  readonly id: string;
  readonly path: string;
  readonly cell: number;
}

/**
 * Places on cells where no robot can serve them: any place on a keep-clear cell (robots never
 * stop there), a pickup or dropoff on a station's cell (a depot only its own robots enter).
 */
function placeCellErrors(floor: Floor, elements: LayoutElements): EnvironmentProblem[] {
  const keepClear = new Map<number, string>();
  for (const cell of elements.keep_clear_cells ?? [])
    keepClear.set(floor.cellAt(Math.floor(cell.position[0]), Math.floor(cell.position[1])), cell.id);
  const errors: EnvironmentProblem[] = [];
  const check = (path: string, id: string, name: string, verb: string, onStation: boolean) => {
    const cell = floor.requireCellOf(id);
    const clear = keepClear.get(cell);
    if (clear !== undefined) {
      errors.push({
        path,
        element: id,
        rule: 'on-keep-clear-cell',
        message: `${name} ${verb} keep-clear cell ${clear}, where robots never stop`,
      });
    }
    if (onStation && floor.stationAt[cell] >= 0) {
      const station = floor.stationIds[floor.stationAt[cell]];
      errors.push({
        path,
        element: id,
        rule: 'on-station-cell',
        message: `${name} ${verb} the cell of robot station ${station}, which only that station's robots enter`,
      });
    }
  };
  elements.dropoffs.forEach((dropoff, index) =>
    check(`elements.dropoffs.${index}`, dropoff.id, `Dropoff ${dropoff.id}`, 'is on', true),
  );
  elements.robot_stations.forEach((station, index) =>
    check(`elements.robot_stations.${index}`, station.id, `Robot station ${station.id}`, 'is on', false),
  );
  elements.pickups.forEach((pickup, index) =>
    check(`elements.pickups.${index}`, pickup.id, `Pickup ${pickup.id}`, 'is served from', true),
  );
  return errors;
}

/**
 * One connection a solve may need and the floor does not give: a walk from `source` to
 * `target`. `hub` is the end searched from once for many places (a station or a dropoff), so the
 * searches are shared: from the hub when it is the source, else to it.
 */
interface Gap {
  readonly hub: Place;
  readonly hubIsSource: boolean;
  readonly other: Place;
}

const sourceOf = (gap: Gap) => (gap.hubIsSource ? gap.hub : gap.other);
const targetOf = (gap: Gap) => (gap.hubIsSource ? gap.other : gap.hub);

/** Searches on one floor, each done once: from a hub (`distancesFrom`) or to it (the floor caches `distanceField`). */
class Reach {
  private readonly from = new Map<number, Int32Array>();

  constructor(readonly floor: Floor) {}

  connects(gap: Gap): boolean {
    return this.distance(gap) < UNREACHABLE;
  }

  distance(gap: Gap): number {
    if (!gap.hubIsSource) return this.floor.distanceField(gap.hub.cell)[gap.other.cell];
    let field = this.from.get(gap.hub.cell);
    if (!field) {
      field = this.floor.distancesFrom(gap.hub.cell);
      this.from.set(gap.hub.cell, field);
    }
    return field[gap.other.cell];
  }
}

function placesOf(floor: Floor, elements: LayoutElements) {
  const place = (kind: Place['kind'], id: string, path: string): Place => ({
    kind,
    id,
    path,
    cell: floor.requireCellOf(id),
  });
  return {
    stations: elements.robot_stations.map((station, index) =>
      place('station', station.id, `elements.robot_stations.${index}`),
    ),
    pickups: elements.pickups.map((pickup, index) => place('pickup', pickup.id, `elements.pickups.${index}`)),
    dropoffs: elements.dropoffs.map((dropoff, index) => place('dropoff', dropoff.id, `elements.dropoffs.${index}`)),
  };
}

function reachabilityProblems(floor: Floor, environment: EnvironmentToCheck): EnvironmentRulesReport {
  const { stations, pickups, dropoffs } = placesOf(floor, environment.elements);
  const served = [...dropoffs, ...pickups];
  const reach = new Reach(floor);

  // Station <-> place, both ways.
  const stationGaps = new Map<Place, Gap[]>();
  for (const place of served) stationGaps.set(place, []);
  for (const station of stations) {
    const out = floor.distancesFrom(station.cell);
    const back = floor.distanceField(station.cell);
    for (const [place, gaps] of stationGaps) {
      if (out[place.cell] >= UNREACHABLE) gaps.push({ hub: station, hubIsSource: true, other: place });
      if (back[place.cell] >= UNREACHABLE) gaps.push({ hub: station, hubIsSource: false, other: place });
    }
  }

  // A station cut off from every place while another serves one is named itself, once.
  const placesCutFrom = new Map<Place, number>(stations.map((station) => [station, 0]));
  for (const gaps of stationGaps.values()) {
    for (const hub of new Set(gaps.map((gap) => gap.hub))) placesCutFrom.set(hub, (placesCutFrom.get(hub) ?? 0) + 1);
  }
  const serving = stations.filter((station) => (placesCutFrom.get(station) ?? 0) < served.length).length;
  const subjects = new Map<Place, Gap[]>();
  const isolated = new Set<Place>();
  for (const station of stations) {
    if (served.length > 0 && placesCutFrom.get(station) === served.length && serving > 0) isolated.add(station);
  }
  for (const station of isolated) subjects.set(station, []);
  for (const [place, placeGaps] of stationGaps) {
    const gaps: Gap[] = [];
    // An isolated station's gaps go to the station (its subjects list, set just above), the rest to the place.
    for (const gap of placeGaps) (subjects.get(gap.hub) ?? gaps).push(gap);
    if (gaps.length > 0) subjects.set(place, gaps);
  }

  // Pickup -> dropoff, the loaded leg, for places the stations reach both ways.
  const clear = (place: Place) => !subjects.has(place);
  for (const dropoff of dropoffs.filter(clear)) {
    const gaps = pickups
      .filter(clear)
      .map((pickup): Gap => ({ hub: dropoff, hubIsSource: false, other: pickup }))
      .filter((gap) => !reach.connects(gap));
    if (gaps.length > 0) subjects.set(dropoff, gaps);
  }
  if (subjects.size === 0) return { errors: [], warnings: [] };

  const aisles = environment.elements.one_way_aisles ?? [];
  const withoutRules = aisles.length === 0 ? reach : new Reach(floorWithAisles(environment, []));
  const blame = new AisleBlame(environment, floor, withoutRules.floor);
  const errors: EnvironmentProblem[] = [];
  const warnings: EnvironmentProblem[] = [];
  // Problems in element order: dropoffs, robot stations, pickups.
  for (const subject of [...dropoffs, ...stations, ...pickups]) {
    const gaps = subjects.get(subject);
    if (!gaps) continue;
    const cutByRules = gaps.filter((gap) => withoutRules.connects(gap));
    const walled = gaps.filter((gap) => !withoutRules.connects(gap));
    if (cutByRules.length > 0) {
      const culprits = blame.aislesCutting(cutByRules[0]);
      errors.push({
        path: subject.path,
        element: subject.id,
        rule: 'cut-off-by-one-way-aisle',
        message: `${describeGaps(subject, cutByRules, served.length)}: ${describeCulprits(culprits)}`,
      });
    }
    if (walled.length > 0) {
      const tail =
        aisles.length > 0
          ? 'no walk on the floor connects them, even without the one-way aisles'
          : 'no walk on the floor connects them';
      const problem = {
        path: subject.path,
        element: subject.id,
        message: `${describeGaps(subject, walled, served.length)}: ${tail}`,
      };
      // Walled in from every station (and not cut by an aisle, named above): nothing could be delivered there.
      if (subject.kind === 'dropoff' && cutByRules.length === 0 && reachedByNoStation(subject, walled, stations))
        errors.push({
          ...problem,
          rule: 'unreachable-dropoff',
          message: `${problem.message}, so no robot can reach it`,
        });
      else warnings.push({ ...problem, rule: 'unreachable' });
    }
  }
  return { errors, warnings };
}

/** True when every station's walk to `place` is among the `gaps` (there is at least one station). */
function reachedByNoStation(place: Place, gaps: readonly Gap[], stations: readonly Place[]): boolean {
  const cut = new Set(gaps.filter((gap) => gap.hubIsSource && gap.other === place).map((gap) => gap.hub));
  return stations.length > 0 && stations.every((station) => cut.has(station));
}

/** The environment's floor with only the given one-way aisles (keep-clear cells left out: they block no walk). */
function floorWithAisles(environment: EnvironmentToCheck, aisles: readonly OneWayAisle[]): Floor {
  return new Floor({
    dimensions: environment.dimensions,
    elements: { ...environment.elements, keep_clear_cells: [], one_way_aisles: aisles },
  });
}

/** The one-way aisles that cut a connection: each alone, or only `together`. */
interface Culprits {
  readonly aisles: readonly OneWayAisle[];
  readonly together: boolean;
}

/** Which one-way aisles cut a connection that the floor without aisles gives. */
class AisleBlame {
  private readonly without = new Map<number, Reach>();

  constructor(
    private readonly environment: EnvironmentToCheck,
    private readonly floor: Floor,
    private readonly free: Floor,
  ) {}

  /**
   * The aisles whose removal alone restores the connection (any one of them would do); when none
   * does (several close every way together), the aisles that the shortest walk without rules
   * drives against.
   */
  aislesCutting(gap: Gap): Culprits {
    const aisles = this.environment.elements.one_way_aisles ?? [];
    const alone = aisles.filter((_, index) => this.withoutAisle(index).connects(gap));
    if (alone.length > 0) return { aisles: alone, together: false };
    const ids = new Set<string>();
    const walk = this.free.walk(sourceOf(gap).cell, targetOf(gap).cell);
    const { floor } = this;
    for (let k = 1; k < walk.length; k++) {
      const from = walk[k - 1];
      const to = walk[k];
      if (floor.neighbours.subarray(from * 4, from * 4 + 4).includes(to)) continue;
      // The move runs against an aisle over its start or its end cell.
      const move = [floor.x(to) - floor.x(from), floor.y(to) - floor.y(from)];
      for (const cell of [from, to]) {
        const aisle =
          floor.oneWayAt[cell] >= 0
            ? aisles.find((candidate) => candidate.id === floor.oneWayIds[floor.oneWayAt[cell]])
            : undefined;
        const [dx, dy] = aisle ? DIRECTION_VECTORS[aisle.direction] : [0, 0];
        if (aisle && dx === -move[0] && dy === -move[1]) ids.add(aisle.id);
      }
    }
    return { aisles: aisles.filter((aisle) => ids.has(aisle.id)), together: true };
  }

  private withoutAisle(index: number): Reach {
    let reach = this.without.get(index);
    if (!reach) {
      const aisles = this.environment.elements.one_way_aisles ?? [];
      reach = new Reach(
        floorWithAisles(
          this.environment,
          aisles.filter((_, other) => other !== index),
        ),
      );
      this.without.set(index, reach);
    }
    return reach;
  }
}

/** `station R1`, `stations R1 and R2`, `pickups P1, P2, P3 and 4 more`; `places` when the kinds differ. */
function listOf(places: readonly Place[]): string {
  const kinds = new Set(places.map((place) => place.kind));
  const kind = kinds.size === 1 ? places[0].kind : 'place';
  const ids = [...new Set(places.map((place) => place.id))];
  if (ids.length === 1) return `${kind} ${ids[0]}`;
  const named = ids.slice(0, 3);
  const rest = ids.length - named.length;
  return rest > 0
    ? `${kind}s ${named.join(', ')} and ${rest} more`
    : `${kind}s ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/**
 * The sentence naming the subject and what it cannot reach or be reached from. For a station
 * named itself, `placeCount` (every pickup and dropoff) tells "any" from a list.
 */
function describeGaps(subject: Place, gaps: readonly Gap[], placeCount: number): string {
  const name = `${KIND_NAMES[subject.kind]} ${subject.id}`;
  const out = gaps.filter((gap) => gap.hubIsSource);
  const parts: string[] = [];
  if (subject.kind === 'station') {
    const outs = out.map((gap) => gap.other);
    const backs = gaps.filter((gap) => !gap.hubIsSource).map((gap) => gap.other);
    const every = (places: readonly Place[]) => places.length === placeCount;
    if (every(outs) && every(backs)) return `${name} is cut off from every pickup and dropoff, both ways`;
    if (outs.length > 0)
      parts.push(every(outs) ? 'cannot reach any pickup or dropoff' : `cannot reach ${listOf(outs)}`);
    if (backs.length > 0)
      parts.push(
        every(backs)
          ? 'cannot be reached back from any pickup or dropoff'
          : `cannot be reached back from ${listOf(backs)}`,
      );
    return `${name} ${parts.join(' and ')}`;
  }
  // Gaps to the subject from a hub that searched it: a station (out) or, for a dropoff, its pickups.
  const fromStations = out.map((gap) => gap.hub);
  const fromPickups = gaps.filter((gap) => !gap.hubIsSource && gap.hub === subject).map((gap) => gap.other);
  const backTo = gaps.filter((gap) => !gap.hubIsSource && gap.hub !== subject).map((gap) => gap.hub);
  const bothWays = fromStations.length > 0 && listOf(fromStations) === listOf(backTo);
  if (bothWays) parts.push(`is cut off from ${listOf(fromStations)} both ways`);
  else if (fromStations.length > 0) parts.push(`cannot be reached from ${listOf(fromStations)}`);
  if (fromPickups.length > 0) parts.push(`cannot be reached from ${listOf(fromPickups)}`);
  if (backTo.length > 0 && !bothWays) parts.push(`has no walk back to ${listOf(backTo)}`);
  return `${name} ${parts.join(' and ')}`;
}

/** `one-way aisle W2 (running left) cuts it off`, several that each do, or several that do it together. */
function describeCulprits({ aisles, together }: Culprits): string {
  const named = aisles.map((aisle) => `${aisle.id} (running ${aisle.direction})`);
  if (named.length === 1) return `one-way aisle ${named[0]} cuts it off`;
  return `one-way aisles ${named.slice(0, -1).join(', ')} and ${named.at(-1)} cut it off${together ? ' together' : ''}`;
}

import { KeyedHeap } from '../data-structures/keyed-heap.ts';
import type { Floor } from '../floor/floor.ts';
import type { RobotKinematics } from '../records/robot-models.ts';
import { cruisingRunCells, FLOOR_DIRECTION_OF_HEADING, HEADING_STEPS, type Heading, runTime } from './drive-time.ts';
import { runTimeSplit } from './time-split.ts';

/**
 * What driving through a dropoff's cell (not starting or ending there) costs a walk when walks are
 * chosen, in seconds; the walk's time is its driving alone. A dropoff serves one robot at a time,
 * and on the shared floor a robot driving through it waits for the one handling there, or holds
 * up the next. The dropoffs of the bench floors stand along a clear row, the straightest way
 * across, so the walks of least time ran along it and through them. Measured (`npm run
 * bench:simulator -- --instances s1,s2,m1,m2,l1,xl1,t1,t2,dense,hotspot,d5k,d20k --robot-model
 * drive-unit|amr --max-iterations 200 --time-limit 60`), the executed day against walks of least
 * time: drive units m2 751.5 -> 716.9 s, xl1 1,160.8 -> 1,126.5 s, d5k 4,975.6 -> 4,779.3 s,
 * m1, l1, t1, t2 and dense 0.1-1.5% sooner, s2, hotspot and d20k 0.2%, 0.6% and 2.2% later;
 * AMRs l1 1,477.3 -> 1,406.8 s, xl1 2,074.8 -> 1,985.8 s, d5k 12,410.5 -> 11,916.5 s, m1, m2, t2
 * and d20k 0.7-2.8% sooner, s2 1.6% and hotspot 4.1% later. A charge of 1 s gained less (AMRs m2
 * 2.8%, l1 1.8%, xl1 0.4% sooner) and cost hotspot with AMRs more (7.4% later).
 */
const DROPOFF_PASS_S = 3;

/**
 * The heading a robot rests in on a cell, at every place it stops (pickup, dropoff, station): it
 * faces the shelf beside it (a pickup's shelf), else the edge of the floor, else +x. Every leg
 * starts and ends in it, so a leg's time depends on its two places only and the plan can keep
 * one duration per pair of places.
 */
export function restHeading(floor: Floor, cell: number): Heading {
  const x = floor.x(cell);
  const y = floor.y(cell);
  for (let h = 0; h < 4; h++) {
    const nx = x + HEADING_STEPS[h][0];
    const ny = y + HEADING_STEPS[h][1];
    if (nx >= 0 && ny >= 0 && nx < floor.width && ny < floor.height && floor.blocked[ny * floor.width + nx]) {
      return h as Heading;
    }
  }
  for (let h = 0; h < 4; h++) {
    const nx = x + HEADING_STEPS[h][0];
    const ny = y + HEADING_STEPS[h][1];
    if (nx < 0 || ny < 0 || nx >= floor.width || ny >= floor.height) return h as Heading;
  }
  return 0;
}

/** One leg as driven: its cells, the heading it leaves each cell in, its time and metres. */
export interface TimedWalk {
  /** Cells from the start to the goal, both included. */
  cells: number[];
  /** Seconds from standstill at the start (in its rest heading) to standstill at the goal, turned to its rest heading. */
  seconds: number;
  metres: number;
}

/** Times and metres from one cell to every cell (to stand there in its rest heading); Infinity where unreachable. */
export interface TimeRow {
  seconds: Float64Array;
  metres: Float64Array;
  /** Of the seconds, those turning in place and those on acceleration and braking ramps (`walkTimeSplit` of the walk). */
  turning: Float64Array;
  ramps: Float64Array;
  /** The search's tree: each state's parent state (`walkIn` reads a walk from it). */
  parents: Int32Array;
}

/**
 * Least-time walks on a floor for one robot model: a Dijkstra search over (cell, heading,
 * standing or cruising) states. From standstill a robot turns a quarter in place, or drives a
 * straight run of k cells: runs shorter than the model's cruising length end standing, after
 * `runTime(k)`; a run of the cruising length ends cruising, its braking already counted, and
 * each further cell costs 1 / top speed (a run's time grows linearly once it reaches top speed),
 * so the search is linear in the floor whatever the run lengths. A cruising robot may stop at
 * no extra cost. Walks never pass through a station cell (stations are depots), as the floor's.
 * A walk that drives through a dropoff's cell counts DROPOFF_PASS_S more for each when walks are
 * compared (its time stays its driving): of walks within that of each other, the one round the
 * dropoffs wins. Ties go to fewer metres. Under `point` this is the floor's shortest walk at robot_speed.
 */
export class LeastTimeWalks {
  private readonly stateCount: number;
  private readonly seconds: Float64Array;
  private readonly metres: Float64Array;
  /** Per state, the part of `seconds` spent turning and on ramps along its walk. */
  private readonly turning: Float64Array;
  private readonly ramps: Float64Array;
  /** Per run length below the cruising length, its ramps' seconds. */
  private readonly runRampsS: Float64Array;
  /** Per run length below the cruising length, its seconds (`runTime`, read at every run relaxed). */
  private readonly runS: Float64Array;
  private readonly cruiseRunRampsS: number;
  private readonly parent: Int32Array;
  private readonly rest: Int8Array;
  private readonly cruiseCells: number;
  private readonly cruiseRunS: number;
  private readonly cellS: number;
  private readonly settled: Uint8Array;
  private readonly heap: KeyedHeap;
  /** Per state, what the search ranks it by: its seconds plus DROPOFF_PASS_S for each dropoff driven through. */
  private readonly cost: Float64Array;
  /** Per cell, what driving through it costs on top of its time (DROPOFF_PASS_S on a dropoff). */
  private readonly passS: Float64Array;

  constructor(
    readonly floor: Floor,
    readonly model: RobotKinematics,
  ) {
    this.stateCount = floor.cellCount * 8;
    this.seconds = new Float64Array(this.stateCount);
    this.metres = new Float64Array(this.stateCount);
    this.turning = new Float64Array(this.stateCount);
    this.ramps = new Float64Array(this.stateCount);
    this.parent = new Int32Array(this.stateCount);
    this.rest = new Int8Array(floor.cellCount);
    for (let cell = 0; cell < floor.cellCount; cell++) this.rest[cell] = restHeading(floor, cell);
    this.cruiseCells = cruisingRunCells(model);
    this.cruiseRunS = runTime(model, this.cruiseCells);
    this.cruiseRunRampsS = runTimeSplit(model, this.cruiseCells).rampsS;
    this.runRampsS = Float64Array.from({ length: this.cruiseCells }, (_, k) => runTimeSplit(model, k).rampsS);
    this.runS = Float64Array.from({ length: this.cruiseCells }, (_, k) => runTime(model, k));
    this.cellS = 1 / model.topSpeed;
    this.settled = new Uint8Array(this.stateCount);
    this.cost = new Float64Array(this.stateCount);
    this.passS = Float64Array.from(floor.dropoffAt, (dropoff) => dropoff * DROPOFF_PASS_S);
    // Each edge is relaxed once, when its tail is settled: two turns and the runs from a standing
    // state, a stop and a cell on from a cruising one.
    this.heap = new KeyedHeap(floor.cellCount * 4 * (this.cruiseCells + 4) + 1);
  }

  /** The rest heading of a cell (see `restHeading`). */
  restHeadingOf(cell: number): Heading {
    return this.rest[cell] as Heading;
  }

  /** Seconds and metres from `source` to every cell, standing in each one's rest heading. */
  rowFrom(source: number): TimeRow {
    this.search(source, -1);
    const { cellCount } = this.floor;
    const row: TimeRow = {
      seconds: new Float64Array(cellCount),
      metres: new Float64Array(cellCount),
      turning: new Float64Array(cellCount),
      ramps: new Float64Array(cellCount),
      parents: this.parent.slice(),
    };
    for (let cell = 0; cell < cellCount; cell++) {
      const state = standing(cell, this.rest[cell]);
      row.seconds[cell] = this.seconds[state];
      row.metres[cell] = this.metres[state];
      row.turning[cell] = this.turning[state];
      row.ramps[cell] = this.ramps[state];
    }
    return row;
  }

  /** The least-time walk from `from` to `goal`; null when the goal cannot be reached. */
  walk(from: number, goal: number): TimedWalk | null {
    const target = standing(goal, this.rest[goal]);
    this.search(from, target);
    if (this.seconds[target] === Infinity) return null;
    return {
      cells: this.walkIn(this.parent, from, goal) ?? [],
      seconds: this.seconds[target],
      metres: this.metres[target],
    };
  }

  /** The walk from `source` to `goal` in the search tree from `source` (its row's `parents`); null when the goal was not reached. */
  walkIn(parents: Int32Array, source: number, goal: number): number[] | null {
    const target = standing(goal, this.rest[goal]);
    if (target !== standing(source, this.rest[source]) && parents[target] < 0) return null;
    const cells: number[] = [];
    for (let state = target; state >= 0; state = parents[state]) {
      const cell = state >> 3;
      if (cells.at(-1) !== cell) cells.push(cell);
      // A straight run jumps several cells in one edge: fill in the cells between.
      const previous = parents[state];
      if (previous >= 0) {
        const before = previous >> 3;
        const heading = (state >> 1) & 3;
        const [dx, dy] = HEADING_STEPS[heading];
        let x = this.floor.x(cell) - dx;
        let y = this.floor.y(cell) - dy;
        while (before !== cell && (x !== this.floor.x(before) || y !== this.floor.y(before))) {
          cells.push(this.floor.cellAt(x, y));
          x -= dx;
          y -= dy;
        }
      }
    }
    cells.reverse();
    return cells;
  }

  /** Dijkstra from standstill at `source` in its rest heading; stops once `target` (a state) is settled, or runs out. */
  private search(source: number, target: number): void {
    const { floor, seconds, metres, parent } = this;
    seconds.fill(Infinity);
    this.cost.fill(Infinity);
    metres.fill(Infinity);
    parent.fill(-1);
    this.settled.fill(0);
    const heap = this.heap;
    heap.clear();
    const start = standing(source, this.rest[source]);
    seconds[start] = 0;
    this.cost[start] = 0;
    metres[start] = 0;
    this.turning[start] = 0;
    this.ramps[start] = 0;
    heap.push(0, start);
    const turnS = this.model.quarterTurnS;
    while (heap.size > 0) {
      const state = heap.pop();
      if (this.settled[state]) continue;
      this.settled[state] = 1;
      if (state === target) return;
      const cell = state >> 3;
      const heading = (state >> 1) & 3;
      const time = seconds[state];
      const cost = this.cost[state];
      // Moving on from a cell drives through it, unless the walk starts there.
      const through = cell === source ? 0 : this.passS[cell];
      const driven = metres[state];
      const turned = this.turning[state];
      const ramped = this.ramps[state];
      // A station is a depot: a walk may start or end there, never pass through it.
      const depot = cell !== source && floor.stationAt[cell] >= 0;
      if ((state & 1) === 1) {
        this.relax(state, standing(cell, heading), time, cost, driven, turned, ramped);
        if (depot) continue;
        const next = floor.neighbours[cell * 4 + FLOOR_DIRECTION_OF_HEADING[heading]];
        if (next >= 0)
          this.relax(
            state,
            cruising(next, heading),
            time + this.cellS,
            cost + this.cellS + through,
            driven + 1,
            turned,
            ramped,
          );
        continue;
      }
      // A robot that ends its walk at a station turns there to the station's rest heading.
      this.relax(state, standing(cell, (heading + 1) & 3), time + turnS, cost + turnS, driven, turned + turnS, ramped);
      this.relax(state, standing(cell, (heading + 3) & 3), time + turnS, cost + turnS, driven, turned + turnS, ramped);
      if (depot) continue;
      const direction = FLOOR_DIRECTION_OF_HEADING[heading];
      let at = cell;
      // The cells a straight run drives through: where it starts, and each it passes on the way.
      let passed = through;
      for (let k = 1; k <= this.cruiseCells; k++) {
        if (k > 1) passed += this.passS[at];
        at = floor.neighbours[at * 4 + direction];
        if (at < 0) break;
        if (k === this.cruiseCells)
          this.relax(
            state,
            cruising(at, heading),
            time + this.cruiseRunS,
            cost + this.cruiseRunS + passed,
            driven + k,
            turned,
            ramped + this.cruiseRunRampsS,
          );
        else
          this.relax(
            state,
            standing(at, heading),
            time + this.runS[k],
            cost + this.runS[k] + passed,
            driven + k,
            turned,
            ramped + this.runRampsS[k],
          );
        if (floor.stationAt[at] >= 0) break;
      }
    }
  }

  private relax(
    from: number,
    to: number,
    time: number,
    cost: number,
    driven: number,
    turned: number,
    ramped: number,
  ): void {
    if (this.settled[to]) return;
    const known = this.cost[to];
    if (cost < known - 1e-9 || (cost <= known + 1e-9 && driven < this.metres[to])) {
      this.cost[to] = cost;
      this.seconds[to] = time;
      this.metres[to] = driven;
      this.turning[to] = turned;
      this.ramps[to] = ramped;
      this.parent[to] = from;
      this.heap.push(cost, to);
    }
  }
}

function standing(cell: number, heading: number): number {
  return (cell * 4 + heading) * 2;
}

function cruising(cell: number, heading: number): number {
  return (cell * 4 + heading) * 2 + 1;
}

import { type Floor, UNREACHABLE } from '../floor/floor.ts';
import { stepsFor, type FloorParameters } from '../floor/floor-parameters.ts';
import { headingOfStep } from './drive-time.ts';
import { LeastTimeWalks } from './least-time-walks.ts';

/** One source cell's row of the clock; `turning`, `ramps` (seconds, float32) and `parents` only for a robot model with motion. */
export interface ClockRow {
  steps: Int32Array;
  metres: Int32Array;
  turning: Float32Array | null;
  ramps: Float32Array | null;
  /** The least-time search's tree (`LeastTimeWalks.walkIn` reads a walk from it); null for a point robot. */
  parents: Int32Array | null;
}

/**
 * How long every leg between two cells takes on the floor's clock, and how many metres it
 * drives: the one table the plan, free flow, the checkers and the shared floor read. A point
 * robot walks the floor's shortest walk, one cell a step of 1 / robot_speed s, exactly as before
 * robot models existed. A robot with acceleration and turns drives the least-time walk
 * (`LeastTimeWalks`); its clock ticks every `MOTION_TICK_S` (drive-time.ts), and a leg lasts its seconds rounded
 * up to whole ticks, so sums of legs, handling and charges stay whole ticks everywhere.
 * Rows (one per cell a leg starts from) are kept for the clock's life: 20 kB each on a 50 x 50
 * floor, about 140 kB with a robot model's search tree (its walks are read from it) and its
 * turning and ramp seconds (what a solve's time split reads).
 */
export class FloorClock {
  private readonly walks: LeastTimeWalks | null;
  /** Rows by source cell, made on first use (an array: the shared floor reads legs every step). */
  private readonly rows: (ClockRow | undefined)[];
  /** Per leg (from x cellCount + to), its walk's ends packed by `legEnds` (read once per leg). */
  private readonly ends = new Map<number, number>();

  constructor(
    readonly floor: Floor,
    readonly parameters: FloorParameters,
  ) {
    this.walks = parameters.robotModel.point ? null : new LeastTimeWalks(floor, parameters.robotModel);
    this.rows = new Array(floor.cellCount).fill(undefined);
  }

  /**
   * Whether this clock times legs as a clock of `floor` and `parameters` would: the same cells,
   * ways between them, stations and dropoffs, the same motion and the same steps. Another run on the same
   * layout (a plan's execution, after its solve) may then read its rows, which it made once.
   */
  servesAs(floor: Floor, parameters: FloorParameters): boolean {
    const mine = this.parameters;
    const own = mine.robotModel;
    const model = parameters.robotModel;
    return (
      mine.stepS === parameters.stepS &&
      mine.robotSpeed === parameters.robotSpeed &&
      own.point === model.point &&
      own.topSpeed === model.topSpeed &&
      own.acceleration === model.acceleration &&
      own.braking === model.braking &&
      own.quarterTurnS === model.quarterTurnS &&
      sameWays(this.floor, floor)
    );
  }

  /** Whether legs are the floor's shortest walks at one cell a step (the point model). */
  get point(): boolean {
    return this.walks === null;
  }

  /** Steps of the leg from standstill at `from` to standstill at `to`; UNREACHABLE when there is no walk. */
  legSteps(from: number, to: number): number {
    if (!this.walks) return this.floor.distance(from, to);
    return this.rowFrom(from).steps[to];
  }

  /** Metres the leg drives; UNREACHABLE when there is no walk. */
  legMetres(from: number, to: number): number {
    if (!this.walks) return this.floor.distance(from, to);
    return this.rowFrom(from).metres[to];
  }

  /** The least-time walk's cells of one leg (a point robot's: the floor's shortest walk). */
  legCells(from: number, to: number): number[] {
    if (!this.walks) return this.floor.walk(from, to);
    const { parents } = this.rowFrom(from);
    return (parents && this.walks.walkIn(parents, from, to)) ?? this.floor.walk(from, to);
  }

  /**
   * How the leg's walk leaves `from` and enters `to`: the heading of its first step, how many
   * cells its first straight run drives, and the heading of its last step (cached per leg, so a
   * plan's docks read them at no cost after the first time). Headings -1 for a leg that does not
   * move.
   */
  legEnds(from: number, to: number): { leaveHeading: number; firstRunCells: number; arriveHeading: number } {
    const key = from * this.floor.cellCount + to;
    let packed = this.ends.get(key);
    if (packed === undefined) {
      const cells = this.legCells(from, to);
      const { floor } = this;
      const step = (k: number) =>
        headingOfStep(floor.x(cells[k + 1]) - floor.x(cells[k]), floor.y(cells[k + 1]) - floor.y(cells[k]));
      let leave = -1;
      let arrive = -1;
      let run = 0;
      if (cells.length >= 2) {
        leave = step(0);
        arrive = step(cells.length - 2);
        run = 1;
        while (run + 1 < cells.length && step(run) === leave) run++;
      }
      packed = (run * 5 + (leave + 1)) * 5 + (arrive + 1);
      this.ends.set(key, packed);
    }
    return {
      arriveHeading: (packed % 5) - 1,
      leaveHeading: (Math.floor(packed / 5) % 5) - 1,
      firstRunCells: Math.floor(packed / 25),
    };
  }

  /** The rest heading of a cell: the way a robot stopped there faces. */
  restHeading(cell: number): number {
    return this.walks ? this.walks.restHeadingOf(cell) : 0;
  }

  /**
   * Of the leg's seconds before rounding, those turning in place and those on acceleration and
   * braking ramps (the rest, and the rounding up to whole steps, is driving at top speed); zeros
   * for a point robot.
   */
  legDriveSplit(from: number, to: number): { turningS: number; rampsS: number } {
    const row = this.rowFrom(from);
    return { turningS: row.turning?.[to] ?? 0, rampsS: row.ramps?.[to] ?? 0 };
  }

  /** Steps and metres from `from` to every cell, and a robot model's turning and ramp seconds (cached). */
  rowFrom(from: number): ClockRow {
    let row = this.rows[from];
    if (row) return row;
    const steps = new Int32Array(this.floor.cellCount);
    const metres = new Int32Array(this.floor.cellCount);
    let turning: Float32Array | null = null;
    let ramps: Float32Array | null = null;
    let parents: Int32Array | null = null;
    if (this.walks) {
      const times = this.walks.rowFrom(from);
      parents = times.parents;
      const stepS = this.parameters.stepS;
      for (let cell = 0; cell < steps.length; cell++) {
        const seconds = times.seconds[cell];
        steps[cell] = seconds === Infinity ? UNREACHABLE : stepsFor(seconds, stepS);
        metres[cell] = seconds === Infinity ? UNREACHABLE : times.metres[cell];
      }
      turning = Float32Array.from(times.turning);
      ramps = Float32Array.from(times.ramps);
    } else {
      this.floor.distancesFrom(from, steps);
      metres.set(steps);
    }
    row = { steps, metres, turning, ramps, parents };
    this.rows[from] = row;
    return row;
  }
}

/** Whether two floors have the same cells, the same steps between them and the same stations (walks never pass through one). */
function sameWays(one: Floor, other: Floor): boolean {
  if (one === other) return true;
  if (one.width !== other.width || one.height !== other.height) return false;
  const equal = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    if (a.length !== b.length) return false;
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
    return true;
  };
  // Walks never pass a station and go round dropoffs where that costs little (`LeastTimeWalks`).
  return (
    equal(one.neighbours, other.neighbours) &&
    equal(one.stationAt, other.stationAt) &&
    equal(one.dropoffAt, other.dropoffAt)
  );
}

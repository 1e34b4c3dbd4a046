/** What the floor reads of an environment: its grid and the places on it. */
export interface FloorEnvironment {
  dimensions?: { width: number; height: number } | null;
  elements: {
    shelves?: readonly { id: string; position: readonly number[]; size: readonly number[] }[];
    dropoffs?: readonly { id: string; position: readonly number[] }[];
    robot_stations?: readonly {
      id: string;
      position: readonly number[];
      robot_count?: number;
      chargers?: number;
    }[];
    pickups?: readonly { id: string; position: readonly number[]; shelf_id?: string; side?: string }[];
    robots?: readonly { id: string; station_id: string; position?: readonly number[] }[];
    one_way_aisles?: readonly { id: string; position: readonly number[]; size: readonly number[]; direction: string }[];
    keep_clear_cells?: readonly { id: string; position: readonly number[] }[];
  };
}

/** A layout the floor cannot be built from, or a place it cannot hold: the message names it. */
export class FloorError extends Error {
  override name = 'FloorError';
}

/** Distance value of a cell that cannot reach the goal. */
export const UNREACHABLE = 0x3fffffff;

/** Neighbour directions, in the order every walk breaks ties: right, left, down, up. */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
/** A one-way aisle's direction as an index into DIRECTIONS (y grows downwards). */
const DIRECTION_INDEX: Readonly<Record<string, number>> = { right: 0, left: 1, down: 2, up: 3 };
/** The index of the opposite direction. */
const OPPOSITE = [1, 0, 3, 2];

/**
 * The floor the robots drive and the optimiser plans on: W x H cells of 1 m, cell (i, j)
 * covering x in [i, i+1), y in [j, j+1). A cell inside a shelf is blocked. Every place (pickup,
 * dropoff, station, robot) maps to one free cell. Cells are numbered `y * width + x`.
 *
 * A walk is a shortest sequence of 4-neighbour moves over free cells that never passes
 * through a station cell: stations are depots, a walk may start or end there, never cross one.
 * Distances are walk lengths in cells (= metres), one breadth-first search per goal cell,
 * cached: a floor has at most a few thousand goal cells, so the cache stays within tens of
 * megabytes even on the spec's largest floor.
 */
export class Floor {
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  /** 1 for a cell inside a shelf. */
  readonly blocked: Uint8Array;
  /**
   * The cells a robot may step to from each cell (right, left, down, up), -1 where there is
   * none: a shelf, the edge of the floor, or a one-way aisle that runs the other way.
   */
  readonly neighbours: Int32Array;
  /** The cells a robot may step from onto each cell: `incoming[c * 4 + k]` moves in direction k onto c, -1 where none does. */
  readonly incoming: Int32Array;
  /** Per cell, 1 where it is a keep-clear cell (robots drive through, never stop). */
  readonly keepClear: Uint8Array;
  /** Per cell, 1 where a dropoff stands on it. */
  readonly dropoffAt: Uint8Array;
  /** Per cell, the index into `oneWayIds` of the one-way aisle over it, or -1. */
  readonly oneWayAt: Int32Array;
  readonly oneWayIds: string[];
  /** Index into `stationIds` of the station standing on a cell, or -1. */
  readonly stationAt: Int32Array;
  readonly stationIds: string[];
  readonly stationCells: number[];
  /** Per station, its own chargers: `chargers`, else one per drawn robot (`robot_count`); 0 when the layout says neither. */
  readonly stationChargers: number[];
  private readonly placeCells = new Map<string, number>();
  private readonly shelfOfCell: Int32Array;
  private readonly shelfIds: string[];
  /** Distance fields by goal cell, made on first use (an array: the executor reads them for every robot every step). */
  private readonly fields: (Int32Array | undefined)[];
  private readonly queue: Int32Array;

  constructor(environment: FloorEnvironment) {
    const { elements } = environment;
    const width = environment.dimensions?.width;
    const height = environment.dimensions?.height;
    if (
      width === undefined ||
      height === undefined ||
      !Number.isInteger(width) ||
      !Number.isInteger(height) ||
      width < 1 ||
      height < 1
    ) {
      throw new FloorError(
        `The environment needs whole-cell dimensions, got ${JSON.stringify(environment.dimensions)}`,
      );
    }
    this.width = width;
    this.height = height;
    this.cellCount = this.width * this.height;
    this.fields = new Array(this.cellCount).fill(undefined);
    this.blocked = new Uint8Array(this.cellCount);
    this.shelfOfCell = new Int32Array(this.cellCount).fill(-1);
    this.shelfIds = [];
    for (const shelf of elements.shelves ?? []) this.blockShelf(shelf);
    this.neighbours = new Int32Array(this.cellCount * 4).fill(-1);
    for (let cell = 0; cell < this.cellCount; cell++) {
      if (this.blocked[cell]) continue;
      const i = this.x(cell);
      const j = this.y(cell);
      DIRECTIONS.forEach(([dx, dy], k) => {
        const x = i + dx;
        const y = j + dy;
        if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
        const next = y * this.width + x;
        if (!this.blocked[next]) this.neighbours[cell * 4 + k] = next;
      });
    }
    this.oneWayAt = new Int32Array(this.cellCount).fill(-1);
    this.oneWayIds = [];
    for (const aisle of elements.one_way_aisles ?? []) this.applyOneWay(aisle);
    this.incoming = new Int32Array(this.cellCount * 4).fill(-1);
    for (let cell = 0; cell < this.cellCount; cell++) {
      for (let k = 0; k < 4; k++) {
        const next = this.neighbours[cell * 4 + k];
        if (next >= 0) this.incoming[next * 4 + k] = cell;
      }
    }
    this.keepClear = new Uint8Array(this.cellCount);
    for (const cell of elements.keep_clear_cells ?? [])
      this.keepClear[this.cellAtPoint('Keep-clear cell', cell.id, cell.position)] = 1;
    this.queue = new Int32Array(this.cellCount);
    this.stationAt = new Int32Array(this.cellCount).fill(-1);
    this.stationIds = [];
    this.stationCells = [];
    this.stationChargers = [];
    for (const station of elements.robot_stations ?? []) {
      const cell = this.mapPoint('Station', station.id, station.position);
      this.stationAt[cell] = this.stationIds.push(station.id) - 1;
      this.stationCells.push(cell);
      this.stationChargers.push(station.chargers ?? station.robot_count ?? 0);
    }
    this.dropoffAt = new Uint8Array(this.cellCount);
    for (const dropoff of elements.dropoffs ?? [])
      this.dropoffAt[this.mapPoint('Dropoff', dropoff.id, dropoff.position)] = 1;
    for (const pickup of elements.pickups ?? []) this.mapPickup(pickup);
    for (const robot of elements.robots ?? []) {
      if (robot.position) this.mapPoint('Robot', robot.id, robot.position);
    }
    for (const [id, cell] of this.placeCells) {
      if (this.keepClear[cell])
        throw new FloorError(
          `${id} stands on keep-clear ${this.describe(cell)}: robots stop at places, never on a keep-clear cell`,
        );
    }
  }

  x(cell: number): number {
    return cell % this.width;
  }

  y(cell: number): number {
    return Math.floor(cell / this.width);
  }

  cellAt(x: number, y: number): number {
    return y * this.width + x;
  }

  /** Whether a robot may step from `from` to `to`: a cell that is one of `from`'s `neighbours`. */
  allowsStep(from: number, to: number): boolean {
    if (to < 0) return false;
    const base = from * 4;
    const { neighbours } = this;
    return (
      neighbours[base] === to ||
      neighbours[base + 1] === to ||
      neighbours[base + 2] === to ||
      neighbours[base + 3] === to
    );
  }

  /** The free cell of a place id, or undefined when the environment has no such place. */
  cellOf(placeId: string): number | undefined {
    return this.placeCells.get(placeId);
  }

  /** The cell of a place id; a FloorError naming it when the environment has no such place. */
  requireCellOf(placeId: string, kind = 'Place'): number {
    const cell = this.placeCells.get(placeId);
    if (cell === undefined) throw new FloorError(`${kind} ${placeId} is not a place of the environment`);
    return cell;
  }

  /** Index of a station id in `stationIds`, or -1. */
  stationIndexOf(stationId: string): number {
    return this.stationIds.indexOf(stationId);
  }

  /** Length of the shortest walk from `cell` to `goal`, in cells (= metres); UNREACHABLE when there is none. */
  distance(cell: number, goal: number): number {
    return this.distanceField(goal)[cell];
  }

  /** Every cell's walk length to `goal` (UNREACHABLE where there is no walk). Cached per goal. */
  distanceField(goal: number): Int32Array {
    let field = this.fields[goal];
    if (field) return field;
    field = new Int32Array(this.cellCount);
    this.fillDistanceField(goal, field, null);
    this.fields[goal] = field;
    return field;
  }

  /**
   * Fills `field` with every cell's walk length to `goal` (UNREACHABLE where there is no walk).
   * Walks never pass through a cell `avoid` marks 1 (a broken-down robot's), though a robot
   * standing on one still gets its way out; a goal so marked is unreachable.
   */
  fillDistanceField(goal: number, field: Int32Array, avoid: Uint8Array | null): void {
    field.fill(UNREACHABLE);
    if (avoid?.[goal]) return;
    const queue = this.queue;
    let head = 0;
    let tail = 0;
    field[goal] = 0;
    queue[tail++] = goal;
    while (head < tail) {
      const cell = queue[head++];
      const next = field[cell] + 1;
      for (let k = 0; k < 4; k++) {
        const from = this.incoming[cell * 4 + k];
        if (from >= 0 && field[from] === UNREACHABLE) {
          field[from] = next;
          // A station cell is a depot: a walk may start there, never pass through it.
          if (this.stationAt[from] < 0 && !avoid?.[from]) queue[tail++] = from;
        }
      }
    }
  }

  /**
   * Every cell's walk length from `source` (UNREACHABLE where there is no walk), into `into` when
   * given. Not cached: the optimiser calls it once per place a leg starts from.
   */
  distancesFrom(source: number, into = new Int32Array(this.cellCount)): Int32Array {
    into.fill(UNREACHABLE);
    const queue = this.queue;
    let head = 0;
    let tail = 0;
    into[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
      const cell = queue[head++];
      // A station cell is a depot: a walk may start there, never pass through it.
      if (cell !== source && this.stationAt[cell] >= 0) continue;
      const next = into[cell] + 1;
      for (let k = 0; k < 4; k++) {
        const to = this.neighbours[cell * 4 + k];
        if (to >= 0 && into[to] === UNREACHABLE) {
          into[to] = next;
          queue[tail++] = to;
        }
      }
    }
    return into;
  }

  /**
   * The cells of one shortest walk from `from` to `goal`, both included: at each cell the first
   * neighbour (right, left, down, up) one step closer to the goal, so every reader of the floor
   * draws the same walk. Throws a FloorError when the goal cannot be reached.
   */
  walk(from: number, goal: number): number[] {
    const field = this.distanceField(goal);
    if (field[from] >= UNREACHABLE)
      throw new FloorError(`There is no walk from ${this.describe(from)} to ${this.describe(goal)}`);
    const cells = [from];
    let cell = from;
    while (cell !== goal) {
      let next = -1;
      for (let k = 0; k < 4 && next < 0; k++) {
        const neighbour = this.neighbours[cell * 4 + k];
        if (
          neighbour >= 0 &&
          field[neighbour] === field[cell] - 1 &&
          (neighbour === goal || this.stationAt[neighbour] < 0)
        )
          next = neighbour;
      }
      cells.push(next);
      cell = next;
    }
    return cells;
  }

  /** Cells a robot can drive on: free of shelves and not a station's depot. */
  freeCellCount(): number {
    let count = 0;
    for (let cell = 0; cell < this.cellCount; cell++) if (!this.blocked[cell] && this.stationAt[cell] < 0) count++;
    return count;
  }

  /** Text naming a cell for messages: `cell (3, 4)`. */
  describe(cell: number): string {
    return `cell (${this.x(cell)}, ${this.y(cell)})`;
  }

  private blockShelf(shelf: { id: string; position: readonly number[]; size: readonly number[] }): void {
    const index = this.shelfIds.push(shelf.id) - 1;
    const [x, y] = shelf.position;
    const [w, h] = shelf.size;
    // Cells whose inside overlaps the shelf; a shelf lying on whole cells blocks exactly those.
    for (let j = Math.max(0, Math.floor(y)); j < Math.min(this.height, Math.ceil(y + h)); j++) {
      for (let i = Math.max(0, Math.floor(x)); i < Math.min(this.width, Math.ceil(x + w)); i++) {
        this.blocked[j * this.width + i] = 1;
        this.shelfOfCell[j * this.width + i] = index;
      }
    }
  }

  private mapPickup(pickup: { id: string; position: readonly number[]; side?: string }): void {
    const at = pickupCell(pickup);
    if (!at)
      throw new FloorError(
        `Pickup ${pickup.id} has no shelf side (right, left, top or bottom), so it has no cell on the floor`,
      );
    this.assign('Pickup', pickup.id, at[0], at[1]);
  }

  private mapPoint(kind: string, id: string, position: readonly number[]): number {
    return this.assign(kind, id, Math.floor(position[0]), Math.floor(position[1]));
  }

  /** The free cell holding a point that is not a place (a keep-clear cell). */
  private cellAtPoint(kind: string, id: string, position: readonly number[]): number {
    const i = Math.floor(position[0]);
    const j = Math.floor(position[1]);
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= this.width || j >= this.height) {
      throw new FloorError(
        `${kind} ${id} is at cell (${i}, ${j}), which is off the ${this.width} x ${this.height} floor`,
      );
    }
    if (this.blocked[j * this.width + i])
      throw new FloorError(
        `${kind} ${id} is at cell (${i}, ${j}), which is inside shelf ${this.shelfIds[this.shelfOfCell[j * this.width + i]]}`,
      );
    return j * this.width + i;
  }

  /**
   * A one-way aisle: on each of its cells robots may not drive against its direction, neither
   * out of the cell nor into it from the cell ahead; they still enter and leave it sideways.
   */
  private applyOneWay(aisle: {
    id: string;
    position: readonly number[];
    size: readonly number[];
    direction: string;
  }): void {
    const k = DIRECTION_INDEX[aisle.direction];
    if (k === undefined)
      throw new FloorError(
        `One-way aisle ${aisle.id} has no direction (up, down, left or right), got ${JSON.stringify(aisle.direction)}`,
      );
    const index = this.oneWayIds.push(aisle.id) - 1;
    const against = OPPOSITE[k];
    const [x, y] = aisle.position;
    const [w, h] = aisle.size;
    for (let j = Math.max(0, Math.floor(y)); j < Math.min(this.height, Math.ceil(y + h)); j++) {
      for (let i = Math.max(0, Math.floor(x)); i < Math.min(this.width, Math.ceil(x + w)); i++) {
        const cell = j * this.width + i;
        this.oneWayAt[cell] = index;
        this.neighbours[cell * 4 + against] = -1;
        const ahead = this.neighbours[cell * 4 + k];
        if (ahead >= 0) this.neighbours[ahead * 4 + against] = -1;
      }
    }
  }

  private assign(kind: string, id: string, i: number, j: number): number {
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= this.width || j >= this.height) {
      throw new FloorError(
        `${kind} ${id} maps to cell (${i}, ${j}), which is off the ${this.width} x ${this.height} floor`,
      );
    }
    const cell = j * this.width + i;
    if (this.blocked[cell]) {
      throw new FloorError(
        `${kind} ${id} maps to cell (${i}, ${j}), which is inside shelf ${this.shelfIds[this.shelfOfCell[cell]]}`,
      );
    }
    this.placeCells.set(id, cell);
    return cell;
  }
}

/**
 * The cell (column, row) a robot stands on to serve a pickup: a pickup sits on its shelf's edge,
 * its robot in the free cell beside that side. Null without a side, so a pickup whose type names
 * one of the four sides (checked records, generated slots) always gets its cell.
 */
export function pickupCell(pickup: {
  position: readonly number[];
  side: 'top' | 'right' | 'bottom' | 'left';
}): [number, number];
export function pickupCell(pickup: { position: readonly number[]; side?: string }): [number, number] | null;
export function pickupCell(pickup: { position: readonly number[]; side?: string }): [number, number] | null {
  const [x, y] = pickup.position;
  switch (pickup.side) {
    case 'right':
      return [x, Math.floor(y)];
    case 'left':
      return [x - 1, Math.floor(y)];
    case 'top':
      return [Math.floor(x), y - 1];
    case 'bottom':
      return [Math.floor(x), y];
    default:
      return null;
  }
}

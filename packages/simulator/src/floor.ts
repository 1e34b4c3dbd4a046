import { SimulationError } from './errors.ts';

/** What the simulator reads of an environment: its grid and the places on it. */
export interface FloorEnvironment {
  dimensions?: { width: number; height: number } | null;
  elements: {
    shelves?: readonly { id: string; position: readonly number[]; size: readonly number[] }[];
    dropoffs?: readonly { id: string; position: readonly number[] }[];
    robot_stations?: readonly { id: string; position: readonly number[] }[];
    pickups?: readonly { id: string; position: readonly number[]; shelf_id?: string; side?: string }[];
    robots?: readonly { id: string; station_id: string; position?: readonly number[] }[];
  };
}

/** Distance value of a cell that cannot reach the goal. */
export const UNREACHABLE = 0x3fffffff;

/**
 * The shared floor: W x H cells of 1 m, cell (i, j) covering x in [i, i+1), y in [j, j+1). A
 * cell inside a shelf is blocked. Every place (pickup, dropoff, station, robot) maps to one free
 * cell. Cells are numbered `y * width + x`. Distances are shortest 4-neighbour walks over free
 * cells that do not cross a station, one breadth-first search per goal cell, cached: a floor has at most a few thousand
 * goal cells, so the cache stays within tens of megabytes even on the spec's largest floor.
 */
export class Floor {
  readonly width: number;
  readonly height: number;
  readonly cellCount: number;
  /** 1 for a cell inside a shelf. */
  readonly blocked: Uint8Array;
  /** The 4 neighbours of each free cell (right, left, down, up), -1 where there is none. */
  readonly neighbours: Int32Array;
  /** Index into `stationIds` of the station standing on a cell, or -1. */
  readonly stationAt: Int32Array;
  readonly stationIds: string[];
  readonly stationCells: number[];
  private readonly placeCells = new Map<string, number>();
  private readonly shelfOfCell: Int32Array;
  private readonly shelfIds: string[];
  private readonly fields = new Map<number, Int32Array>();
  private readonly queue: Int32Array;

  constructor(environment: FloorEnvironment) {
    const { elements } = environment;
    const width = environment.dimensions?.width;
    const height = environment.dimensions?.height;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width! < 1 || height! < 1) {
      throw new SimulationError(`The environment needs whole-cell dimensions, got ${JSON.stringify(environment.dimensions)}`);
    }
    this.width = width!;
    this.height = height!;
    this.cellCount = this.width * this.height;
    this.blocked = new Uint8Array(this.cellCount);
    this.shelfOfCell = new Int32Array(this.cellCount).fill(-1);
    this.shelfIds = [];
    for (const shelf of elements.shelves ?? []) {
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
    this.neighbours = new Int32Array(this.cellCount * 4).fill(-1);
    for (let j = 0; j < this.height; j++) {
      for (let i = 0; i < this.width; i++) {
        const cell = j * this.width + i;
        if (this.blocked[cell]) continue;
        const candidates = [i + 1 < this.width ? cell + 1 : -1, i > 0 ? cell - 1 : -1, j + 1 < this.height ? cell + this.width : -1, j > 0 ? cell - this.width : -1];
        candidates.forEach((next, k) => {
          if (next >= 0 && !this.blocked[next]) this.neighbours[cell * 4 + k] = next;
        });
      }
    }
    this.queue = new Int32Array(this.cellCount);
    this.stationAt = new Int32Array(this.cellCount).fill(-1);
    this.stationIds = [];
    this.stationCells = [];
    for (const station of elements.robot_stations ?? []) {
      const cell = this.mapPoint('Station', station.id, station.position[0], station.position[1]);
      this.stationAt[cell] = this.stationIds.push(station.id) - 1;
      this.stationCells.push(cell);
    }
    for (const dropoff of elements.dropoffs ?? []) this.mapPoint('Dropoff', dropoff.id, dropoff.position[0], dropoff.position[1]);
    for (const pickup of elements.pickups ?? []) this.mapPickup(pickup);
    for (const robot of elements.robots ?? []) {
      if (robot.position) this.mapPoint('Robot', robot.id, robot.position[0], robot.position[1]);
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

  /** The free cell of a place id, or undefined when the environment has no such place. */
  cellOf(placeId: string): number | undefined {
    return this.placeCells.get(placeId);
  }

  /** Shortest walk from `cell` to `goal` over free cells, in cells (= metres). */
  distance(cell: number, goal: number): number {
    return this.distanceField(goal)[cell];
  }

  /**
   * Every cell's distance to `goal` (UNREACHABLE where there is no walk). Walks never pass through
   * a station cell: stations are depots, entered only by their own robots as an end point.
   */
  distanceField(goal: number): Int32Array {
    let field = this.fields.get(goal);
    if (field) return field;
    field = new Int32Array(this.cellCount).fill(UNREACHABLE);
    const queue = this.queue;
    let head = 0;
    let tail = 0;
    field[goal] = 0;
    queue[tail++] = goal;
    while (head < tail) {
      const cell = queue[head++];
      const next = field[cell] + 1;
      for (let k = 0; k < 4; k++) {
        const neighbour = this.neighbours[cell * 4 + k];
        if (neighbour >= 0 && field[neighbour] === UNREACHABLE) {
          field[neighbour] = next;
          // A station cell is a depot: a robot may start or end its walk there, never pass through.
          if (this.stationAt[neighbour] < 0) queue[tail++] = neighbour;
        }
      }
    }
    this.fields.set(goal, field);
    return field;
  }

  /** Text naming a cell for error messages: `cell (3, 4)`. */
  describe(cell: number): string {
    return `cell (${this.x(cell)}, ${this.y(cell)})`;
  }

  private mapPickup(pickup: { id: string; position: readonly number[]; side?: string }): void {
    const [x, y] = pickup.position;
    // A pickup sits on its shelf's edge; its robot stands in the free cell beside that side.
    const cellBySide: Record<string, [number, number]> = {
      right: [x, Math.floor(y)],
      left: [x - 1, Math.floor(y)],
      top: [Math.floor(x), y - 1],
      bottom: [Math.floor(x), y],
    };
    const at = cellBySide[pickup.side ?? ''];
    if (!at) throw new SimulationError(`Pickup ${pickup.id} has no shelf side (right, left, top or bottom), so it has no cell on the floor`);
    this.assign('Pickup', pickup.id, at[0], at[1]);
  }

  private mapPoint(kind: string, id: string, x: number, y: number): number {
    return this.assign(kind, id, Math.floor(x), Math.floor(y));
  }

  private assign(kind: string, id: string, i: number, j: number): number {
    if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= this.width || j >= this.height) {
      throw new SimulationError(`${kind} ${id} maps to cell (${i}, ${j}), which is off the ${this.width} x ${this.height} floor`);
    }
    const cell = j * this.width + i;
    if (this.blocked[cell]) {
      throw new SimulationError(`${kind} ${id} maps to cell (${i}, ${j}), which is inside shelf ${this.shelfIds[this.shelfOfCell[cell]]}`);
    }
    this.placeCells.set(id, cell);
    return cell;
  }
}

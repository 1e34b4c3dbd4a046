import type { Floor } from '@fleetlab/warehouse';

/** Default memory for the rows: 64 MiB, every cell of a 50 x 50 floor (10 kB a row) many times over. */
const DEFAULT_MAX_BYTES = 64 * 2 ** 20;

/**
 * Walk lengths from cells of one floor, kept between problems. `buildProblem` walks the floor
 * from every place a leg starts from; a dispatcher that re-plans a shift every minute builds a
 * new problem each time on the same floor, with its robots handed over at new cells. Given one of
 * these (`ProblemInput.distanceRows`), `buildProblem` walks from each cell once for all of them.
 *
 * The rows belong to one floor: shelves, stations and one-way aisles (the moves a walk may make).
 * Robots' places do not matter, so environments that differ only in where robots stand share
 * them. A floor whose moves differ clears the rows and starts afresh, so a row is never read on
 * the wrong floor. At most `maxBytes` of rows are kept; beyond that the row used longest ago goes.
 */
export class FloorDistanceRows {
  private readonly rows = new Map<number, Int32Array>();
  private readonly maxBytes: number;
  private floor: Floor | null = null;
  private cellCount = 0;

  constructor(maxBytes: number = DEFAULT_MAX_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** Rows held now. */
  get size(): number {
    return this.rows.size;
  }

  /** Every cell's walk length from `cell` on `floor` (`Floor.distancesFrom`); read-only. */
  from(floor: Floor, cell: number): Int32Array {
    this.bindTo(floor);
    const kept = this.rows.get(cell);
    if (kept) {
      // Map order is use order: the first key is the row used longest ago.
      this.rows.delete(cell);
      this.rows.set(cell, kept);
      return kept;
    }
    const row = floor.distancesFrom(cell);
    this.rows.set(cell, row);
    if (this.rows.size * this.cellCount * Int32Array.BYTES_PER_ELEMENT > this.maxBytes && this.rows.size > 1) {
      const oldest = this.rows.keys().next();
      if (!oldest.done) this.rows.delete(oldest.value);
    }
    return row;
  }

  private bindTo(floor: Floor): void {
    if (floor === this.floor) return;
    if (!this.floor || !sameMoves(this.floor, floor)) this.rows.clear();
    this.floor = floor;
    this.cellCount = floor.cellCount;
  }
}

/** Whether two floors allow the same moves: the same cells, neighbours (shelves, one-way aisles) and station depots. */
function sameMoves(a: Floor, b: Floor): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  for (let k = 0; k < a.neighbours.length; k++) if (a.neighbours[k] !== b.neighbours[k]) return false;
  for (let cell = 0; cell < a.cellCount; cell++) if (a.stationAt[cell] !== b.stationAt[cell]) return false;
  return true;
}

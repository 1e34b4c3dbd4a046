import type { Rectangle } from '../layout/types.ts';

/**
 * A segment that touches a shelf, even only at a corner, counts as crossing it: the original
 * product tests against the closed rectangle (the xl1 benchmark graph has no edge D1 - N98, whose
 * segment passes exactly through a shelf corner). Shelves are grown by this much so the touch is
 * seen whatever the floating-point noise in the pickup offsets.
 */
const BORDER_TOLERANCE = 1e-9;

/**
 * A uniform grid of unit cells over the shelves, for "does this segment cross a shelf?" in time
 * proportional to the segment's length instead of the number of shelves. Each cell lists the
 * shelves overlapping it; a segment visits only the cells it touches, nearest its start first.
 */
export class ShelfSegmentIndex {
  private readonly left: Float64Array;
  private readonly top: Float64Array;
  private readonly right: Float64Array;
  private readonly bottom: Float64Array;
  private readonly originX: number;
  private readonly originY: number;
  private readonly columns: number;
  private readonly rows: number;
  /** Compressed cell lists: the shelves of cell c are cellShelves[cellStart[c] .. cellStart[c+1]). */
  private readonly cellStart: Int32Array;
  private readonly cellShelves: Int32Array;
  /** Which query last tested each shelf, so a shelf spanning many cells is tested once per query. */
  private readonly lastQuery: Int32Array;
  private query = 0;

  constructor(shelves: readonly Rectangle[]) {
    const count = shelves.length;
    this.left = new Float64Array(count);
    this.top = new Float64Array(count);
    this.right = new Float64Array(count);
    this.bottom = new Float64Array(count);
    this.lastQuery = new Int32Array(count);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    shelves.forEach((shelf, index) => {
      this.left[index] = shelf.position[0] - BORDER_TOLERANCE;
      this.top[index] = shelf.position[1] - BORDER_TOLERANCE;
      this.right[index] = shelf.position[0] + shelf.size[0] + BORDER_TOLERANCE;
      this.bottom[index] = shelf.position[1] + shelf.size[1] + BORDER_TOLERANCE;
      minX = Math.min(minX, shelf.position[0]);
      minY = Math.min(minY, shelf.position[1]);
      maxX = Math.max(maxX, shelf.position[0] + shelf.size[0]);
      maxY = Math.max(maxY, shelf.position[1] + shelf.size[1]);
    });
    this.originX = count ? Math.floor(minX) : 0;
    this.originY = count ? Math.floor(minY) : 0;
    this.columns = count ? Math.ceil(maxX) - this.originX : 0;
    this.rows = count ? Math.ceil(maxY) - this.originY : 0;

    const cellCount = this.columns * this.rows;
    const perCell = new Int32Array(cellCount + 1);
    // A shelf is listed in the cells its area covers; the walk also visits the cells a segment
    // only touches, so a touch on a shelf's border is still found.
    const eachCellOf = (index: number, visit: (cell: number) => void) => {
      const [x, y] = shelves[index].position;
      const [width, height] = shelves[index].size;
      const firstColumn = Math.floor(x) - this.originX;
      const lastColumn = Math.max(Math.ceil(x + width) - 1, Math.floor(x)) - this.originX;
      const firstRow = Math.floor(y) - this.originY;
      const lastRow = Math.max(Math.ceil(y + height) - 1, Math.floor(y)) - this.originY;
      for (let row = firstRow; row <= lastRow; row++) {
        for (let column = firstColumn; column <= lastColumn; column++) visit(row * this.columns + column);
      }
    };
    for (let index = 0; index < count; index++) eachCellOf(index, (cell) => perCell[cell + 1]++);
    for (let cell = 0; cell < cellCount; cell++) perCell[cell + 1] += perCell[cell];
    this.cellStart = perCell.slice();
    this.cellShelves = new Int32Array(perCell[cellCount]);
    const fill = perCell.slice();
    for (let index = 0; index < count; index++) eachCellOf(index, (cell) => (this.cellShelves[fill[cell]++] = index));
  }

  /**
   * The index (in the constructor's list) of a shelf the segment from (ax, ay) to (bx, by)
   * crosses or touches, or -1. Cells are visited from the (ax, ay) end, so the shelf found
   * is one of the nearest to it.
   */
  crossedShelf(ax: number, ay: number, bx: number, by: number): number {
    if (this.columns === 0) return -1;
    this.query += 1;
    const dx = bx - ax;
    const dy = by - ay;
    // Walk unit strips across the longer axis; in each strip the segment spans a short run of cells.
    const alongX = Math.abs(dx) >= Math.abs(dy);
    const majorStart = alongX ? ax : ay;
    const minorStart = alongX ? ay : ax;
    const majorDelta = alongX ? dx : dy;
    const minorDelta = alongX ? dy : dx;
    const majorOrigin = alongX ? this.originX : this.originY;
    const minorOrigin = alongX ? this.originY : this.originX;
    const majorCount = alongX ? this.columns : this.rows;
    const minorCount = alongX ? this.rows : this.columns;
    const slope = majorDelta === 0 ? 0 : minorDelta / majorDelta;
    const low = Math.min(majorStart, majorStart + majorDelta);
    const high = Math.max(majorStart, majorStart + majorDelta);
    const firstStrip = Math.max(Math.floor(low - BORDER_TOLERANCE), majorOrigin);
    const lastStrip = Math.min(Math.floor(high + BORDER_TOLERANCE), majorOrigin + majorCount - 1);
    if (firstStrip > lastStrip) return -1;
    const forward = majorDelta >= 0;
    for (let step = 0; step <= lastStrip - firstStrip; step++) {
      const strip = forward ? firstStrip + step : lastStrip - step;
      const from = Math.max(strip, low);
      const to = Math.min(strip + 1, high);
      const minorAtFrom = minorStart + (from - majorStart) * slope;
      const minorAtTo = minorStart + (to - majorStart) * slope;
      const minorLow = Math.max(Math.floor(Math.min(minorAtFrom, minorAtTo) - BORDER_TOLERANCE), minorOrigin);
      const minorHigh = Math.min(
        Math.floor(Math.max(minorAtFrom, minorAtTo) + BORDER_TOLERANCE),
        minorOrigin + minorCount - 1,
      );
      for (let minor = minorLow; minor <= minorHigh; minor++) {
        const cell = alongX
          ? (minor - this.originY) * this.columns + (strip - this.originX)
          : (strip - this.originY) * this.columns + (minor - this.originX);
        for (let slot = this.cellStart[cell]; slot < this.cellStart[cell + 1]; slot++) {
          const shelf = this.cellShelves[slot];
          if (this.lastQuery[shelf] === this.query) continue;
          this.lastQuery[shelf] = this.query;
          if (this.segmentEntersShelf(shelf, ax, ay, dx, dy)) return shelf;
        }
      }
    }
    return -1;
  }

  /** True when the segment from (ax, ay) to (bx, by) crosses or touches the one shelf given by index. */
  touchesShelf(shelf: number, ax: number, ay: number, bx: number, by: number): boolean {
    return this.segmentEntersShelf(shelf, ax, ay, bx - ax, by - ay);
  }

  /** Liang-Barsky clipping against the (slightly grown) closed shelf: does any point of the segment lie on it? */
  private segmentEntersShelf(shelf: number, ax: number, ay: number, dx: number, dy: number): boolean {
    let enter = 0;
    let leave = 1;
    // Each slab: the segment must be inside left <= x <= right and top <= y <= bottom.
    if (dx === 0) {
      if (ax < this.left[shelf] || ax > this.right[shelf]) return false;
    } else {
      let tLeft = (this.left[shelf] - ax) / dx;
      let tRight = (this.right[shelf] - ax) / dx;
      if (tLeft > tRight) [tLeft, tRight] = [tRight, tLeft];
      if (tLeft > enter) enter = tLeft;
      if (tRight < leave) leave = tRight;
      if (enter > leave) return false;
    }
    if (dy === 0) {
      if (ay < this.top[shelf] || ay > this.bottom[shelf]) return false;
    } else {
      let tTop = (this.top[shelf] - ay) / dy;
      let tBottom = (this.bottom[shelf] - ay) / dy;
      if (tTop > tBottom) [tTop, tBottom] = [tBottom, tTop];
      if (tTop > enter) enter = tTop;
      if (tBottom < leave) leave = tBottom;
      if (enter > leave) return false;
    }
    return true;
  }
}

/**
 * The MovingAI grid map (`.map`), the format of the MAPF benchmark maps and of the League of
 * Robot Runners (LoRR) maps:
 *
 * ```
 * type octile
 * height H
 * width W
 * map
 * H rows of W characters
 * ```
 *
 * Cells robots can stand on: `.` and `G` (ground), `S` (MovingAI: swamp, passable from ground;
 * LoRR: a service point, where a pickup errand is done) and `E` (LoRR: an emitter, where a
 * delivery errand is done). Obstacles: `@` and `O` (out of bounds), `T` (trees) and `W` (water,
 * passable only from water, so never from the floor a wheeled robot drives).
 */

const PASSABLE = new Set(['.', 'G', 'S', 'E']);
const OBSTACLE = new Set(['@', 'O', 'T', 'W']);

/** A parsed grid map: `blocked[y * width + x]` is 1 on an obstacle cell, 0 on a free one. */
export interface GridMap {
  readonly width: number;
  readonly height: number;
  readonly blocked: Uint8Array;
}

/** A map the parser refuses: the message names the line (1-based) at fault when there is one. */
export class GridMapError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'GridMapError';
  }
}

function headerNumber(line: string | undefined, lineNumber: number, key: 'height' | 'width'): number {
  const match = /^(\w+)\s+(\S+)$/.exec(line?.trim() ?? '');
  if (!match || match[1] !== key) {
    throw new GridMapError(`expected \`${key} N\`, found ${JSON.stringify(line ?? '')}`, lineNumber);
  }
  const value = Number(match[2]);
  if (!Number.isInteger(value) || value < 1) {
    throw new GridMapError(
      `${key} must be a whole number of cells above 0, found ${JSON.stringify(match[2])}`,
      lineNumber,
    );
  }
  return value;
}

/**
 * Reads a `.map` text. Refuses, naming the line: a header other than `type octile`,
 * `height H`, `width W`, `map`; a row of another length than W; a character that is no cell
 * of the format; fewer or more than H rows; a map without a free cell.
 */
export function parseGridMap(text: string): GridMap {
  const lines = text.split(/\r?\n/);
  // Blank lines at the end of the file are not rows.
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  const typeLine = lines[0]?.trim() ?? '';
  if (!/^type\s+octile$/.test(typeLine)) {
    throw new GridMapError(`expected \`type octile\`, found ${JSON.stringify(lines[0] ?? '')}`, 1);
  }
  const height = headerNumber(lines[1], 2, 'height');
  const width = headerNumber(lines[2], 3, 'width');
  if (lines[3]?.trim() !== 'map')
    throw new GridMapError(`expected \`map\`, found ${JSON.stringify(lines[3] ?? '')}`, 4);
  const rows = lines.slice(4);
  if (rows.length !== height) {
    // The line where the first missing row, or the first extra one, stands.
    const line = rows.length < height ? lines.length + 1 : 5 + height;
    throw new GridMapError(`the header says ${height} rows, the map has ${rows.length}`, line);
  }
  const blocked = new Uint8Array(width * height);
  let free = 0;
  for (let y = 0; y < height; y++) {
    const row = (rows[y] ?? '').replace(/\s+$/, '');
    const lineNumber = 5 + y;
    if (row.length !== width) {
      throw new GridMapError(`row ${y} has ${row.length} cells, the header says width ${width}`, lineNumber);
    }
    for (let x = 0; x < width; x++) {
      const cell = row[x] ?? '';
      if (OBSTACLE.has(cell)) blocked[y * width + x] = 1;
      else if (PASSABLE.has(cell)) free++;
      else {
        throw new GridMapError(`unknown cell character ${JSON.stringify(cell)} at column ${x} of row ${y}`, lineNumber);
      }
    }
  }
  if (free === 0) throw new GridMapError('the map has no free cell: robots could not stand anywhere', null);
  return { width, height, blocked };
}

/** A rectangle of cells: top-left cell and size in cells. */
export interface CellRectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The map's obstacle cells as few non-overlapping rectangles: a greedy cover. From the first
 * uncovered obstacle cell in row order, the rectangle grown wide first (as far right as the
 * row allows, then down while the whole span stays obstacle) and the one grown tall first (as
 * far down as the column allows, then right while the whole column stays obstacle) are both
 * measured and the larger taken. Rows of shelves and walls come out as one rectangle each.
 * Cost: each cell is looked at a bounded number of times per rectangle that reaches it.
 */
export function coverObstacles(map: GridMap): CellRectangle[] {
  const { width, height, blocked } = map;
  const covered = new Uint8Array(width * height);
  const open = (x: number, y: number) => blocked[y * width + x] === 1 && covered[y * width + x] === 0;
  const rectangles: CellRectangle[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!open(x, y)) continue;
      let wideWidth = 1;
      while (x + wideWidth < width && open(x + wideWidth, y)) wideWidth++;
      let wideHeight = 1;
      while (y + wideHeight < height && spanOpen(open, x, y + wideHeight, wideWidth, 1)) wideHeight++;
      let tallHeight = 1;
      while (y + tallHeight < height && open(x, y + tallHeight)) tallHeight++;
      let tallWidth = 1;
      while (x + tallWidth < width && spanOpen(open, x + tallWidth, y, 1, tallHeight)) tallWidth++;
      const rectangle =
        tallWidth * tallHeight > wideWidth * wideHeight
          ? { x, y, width: tallWidth, height: tallHeight }
          : { x, y, width: wideWidth, height: wideHeight };
      for (let dy = 0; dy < rectangle.height; dy++) {
        covered.fill(1, (y + dy) * width + x, (y + dy) * width + x + rectangle.width);
      }
      rectangles.push(rectangle);
    }
  }
  return rectangles;
}

function spanOpen(open: (x: number, y: number) => boolean, x: number, y: number, w: number, h: number): boolean {
  for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) if (!open(x + dx, y + dy)) return false;
  return true;
}

/** A cell's linear index in LoRR's files (row-major: `row * width + column`). */
export function linearCell(map: Pick<GridMap, 'width'>, x: number, y: number): number {
  return y * map.width + x;
}

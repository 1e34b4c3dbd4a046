import type { LayoutContext2D } from './render-layout.ts';
import type { SceneOneWayAisle, ScenePoint } from './layout-scene.ts';
import type { ViewTransform } from './view-transform.ts';

// The traffic rules a planner draws, as every map shows them: a one-way aisle is a tinted band
// with chevrons pointing its way, a keep-clear cell a hatched, outlined cell. Each kind is one
// batched path per style, like the other elements, so a floor full of them stays cheap.

export const TRAFFIC_COLORS = {
  /** Slate-400 at 16%: the aisle's band, a lane marking under everything else. */
  oneWayBand: 'rgba(148, 163, 184, 0.16)',
  oneWayArrow: '#e2e8f0',
  keepClear: '#fb7185',
  keepClearFill: 'rgba(251, 113, 133, 0.14)',
} as const;

/** Chevrons are at least this far apart on screen: one per cell on a large map, every few cells on a small one. */
const MIN_CHEVRON_SPACING_PX = 14;

/** A step in cells per direction (y grows downwards). */
const DIRECTION_STEP: Readonly<Record<string, readonly [number, number]>> = {
  right: [1, 0],
  left: [-1, 0],
  down: [0, 1],
  up: [0, -1],
};

/** How many cells apart the chevrons of an aisle are drawn at this cell size. */
export function chevronEvery(cellSize: number): number {
  return Math.max(1, Math.ceil(MIN_CHEVRON_SPACING_PX / cellSize));
}

/**
 * Adds a chevron pointing `direction`, centred on (x, y) in pixels, to the current path: two
 * strokes meeting at the tip, half a cell wide (never under 6 px, so it reads on a small map).
 */
export function addChevron(ctx: LayoutContext2D, x: number, y: number, direction: string, cellSize: number): void {
  const [dx, dy] = DIRECTION_STEP[direction] ?? [1, 0];
  const half = Math.max(3, cellSize * 0.24);
  const depth = half * 0.9;
  // Tip ahead of the centre, the two tails behind it and to either side.
  const tipX = x + (dx * depth) / 2;
  const tipY = y + (dy * depth) / 2;
  const backX = x - (dx * depth) / 2;
  const backY = y - (dy * depth) / 2;
  ctx.moveTo(backX - dy * half, backY + dx * half);
  ctx.lineTo(tipX, tipY);
  ctx.lineTo(backX + dy * half, backY - dx * half);
}

/**
 * The chevrons of one rectangle of cells: one per lane every `chevronEvery` cells along it. When
 * they thin out (a small map), they sit on the cells whose column + row is a multiple of the
 * spacing, so the chevrons of neighbouring lanes, of this aisle or the next, alternate instead of
 * stacking into one zigzag; a lane too short for one gets one in its middle.
 */
export function addAisleChevrons(ctx: LayoutContext2D, aisle: SceneOneWayAisle, view: ViewTransform): void {
  const { cellSize, offsetX, offsetY } = view;
  const [x, y] = aisle.position;
  const [width, height] = aisle.size;
  const horizontal = aisle.direction === 'left' || aisle.direction === 'right';
  const along = horizontal ? width : height;
  const lanes = horizontal ? height : width;
  const every = chevronEvery(cellSize);
  const draw = (step: number, lane: number) => {
    const [column, row] = horizontal ? [x + step, y + lane] : [x + lane, y + step];
    addChevron(ctx, offsetX + (column + 0.5) * cellSize, offsetY + (row + 0.5) * cellSize, aisle.direction, cellSize);
  };
  for (let lane = 0; lane < lanes; lane++) {
    // The first step whose cell has column + row a multiple of `every`.
    const first = (((every - ((x + y + lane) % every)) % every) + every) % every;
    if (first >= along) draw(Math.floor(along / 2), lane);
    for (let step = first; step < along; step += every) draw(step, lane);
  }
}

/** One-way aisles: their bands in one fill, then every chevron in one stroke. */
export function drawOneWayAisles(
  ctx: LayoutContext2D,
  aisles: readonly SceneOneWayAisle[] | undefined,
  view: ViewTransform,
): void {
  if (!aisles || aisles.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  ctx.beginPath();
  for (const aisle of aisles) {
    ctx.rect(
      offsetX + aisle.position[0] * cellSize,
      offsetY + aisle.position[1] * cellSize,
      aisle.size[0] * cellSize,
      aisle.size[1] * cellSize,
    );
  }
  ctx.fillStyle = TRAFFIC_COLORS.oneWayBand;
  ctx.fill();
  ctx.beginPath();
  for (const aisle of aisles) addAisleChevrons(ctx, aisle, view);
  ctx.strokeStyle = TRAFFIC_COLORS.oneWayArrow;
  ctx.lineWidth = Math.max(1.5, cellSize * 0.07);
  ctx.stroke();
}

/** Hatching within one cell: 45° stripes `gap` pixels apart, from the top-left corner down to the bottom-right. */
function addHatch(ctx: LayoutContext2D, left: number, top: number, size: number, gap: number): void {
  for (let offset = gap; offset < 2 * size; offset += gap) {
    // The stripe x + y = offset (cell coordinates), clipped to the square.
    const startX = Math.min(offset, size);
    const startY = offset - startX;
    const endY = Math.min(offset, size);
    const endX = offset - endY;
    ctx.moveTo(left + startX, top + startY);
    ctx.lineTo(left + endX, top + endY);
  }
}

/** Keep-clear cells: a light fill, hatched stripes and an outline, each in one batched path. */
export function drawKeepClearCells(
  ctx: LayoutContext2D,
  cells: readonly ScenePoint[] | undefined,
  view: ViewTransform,
): void {
  if (!cells || cells.length === 0) return;
  const { cellSize, offsetX, offsetY } = view;
  const inset = Math.min(1.5, cellSize * 0.08);
  const size = cellSize - 2 * inset;
  const left = (cell: ScenePoint) => offsetX + Math.floor(cell.position[0]) * cellSize + inset;
  const top = (cell: ScenePoint) => offsetY + Math.floor(cell.position[1]) * cellSize + inset;
  ctx.beginPath();
  for (const cell of cells) ctx.rect(left(cell), top(cell), size, size);
  ctx.fillStyle = TRAFFIC_COLORS.keepClearFill;
  ctx.fill();
  ctx.strokeStyle = TRAFFIC_COLORS.keepClear;
  ctx.lineWidth = Math.max(1, cellSize * 0.05);
  ctx.stroke();
  ctx.beginPath();
  const gap = Math.max(3, size / 4);
  for (const cell of cells) addHatch(ctx, left(cell), top(cell), size, gap);
  ctx.lineWidth = 1;
  ctx.stroke();
}

// Canvas rendering of the path simulation: a function of (scene, view, state). The static
// warehouse is drawn once per zoom into an offscreen layer with the editor's renderLayout
// and blitted each frame, clipped to where the previous frame drew robots (copying a
// megapixel layer every frame is most of a frame's cost on a software rasteriser); robots
// are then drawn in one pass, batched by colour: a handful of fills and strokes. Both replays
// (the plan's motion model and the executed traffic) draw through the same frame.

import { toLayoutScene, type LayoutScene, type LooseEnvironmentShape } from '../map-drawing/layout-scene.ts';
import { renderLayout } from '../map-drawing/render-layout.ts';
import { TRAFFIC_BODY_RADIUS_CELLS, type ReplayModel, type RobotState } from './robot-state.ts';

export interface PlayerView {
  /** CSS pixels per grid cell (metre). */
  readonly cellSize: number;
  readonly offsetX: number;
  readonly offsetY: number;
  /** CSS size of the drawing area. */
  readonly width: number;
  readonly height: number;
}

export interface PlayerScene {
  /** The layout without its parked robots: the moving ones are drawn from the state. */
  readonly layout: LayoutScene;
  readonly robotCount: number;
  /** Robot indices grouped by colour, so each colour is one fill. */
  readonly colourGroups: readonly Int32Array[];
  readonly colours: readonly string[];
  /** Short on-canvas labels ('1_2' for R1_2). */
  readonly labels: readonly string[];
}

/** One hue per station, distinct on the dark background. */
export const ROBOT_PALETTE = [
  '#22d3ee',
  '#a3e635',
  '#f472b6',
  '#facc15',
  '#c084fc',
  '#fb923c',
  '#34d399',
  '#60a5fa',
  '#f87171',
  '#e879f9',
] as const;

export const PLAYER_COLOURS = {
  lowBattery: '#ef4444',
  recharging: '#facc15',
  /** Halo of a robot blocked by another (traffic mode). */
  waiting: 'rgba(251, 146, 60, 0.55)',
  /** Halo of a robot queued for a charger (traffic mode). */
  queued: 'rgba(167, 139, 250, 0.6)',
  heading: '#0b1220',
  selected: '#ffffff',
  route: 'rgba(255, 255, 255, 0.55)',
  label: '#e5e7eb',
} as const;

/** The station part of a robot id (R3 of R3_2), which picks its colour. */
function stationKey(robotId: string, stationOf: ReadonlyMap<string, string>): string {
  return stationOf.get(robotId) ?? robotId.split('_')[0] ?? robotId;
}

export function buildPlayerScene(environment: LooseEnvironmentShape, model: ReplayModel): PlayerScene {
  const full = toLayoutScene(environment);
  const layout: LayoutScene = { ...full, elements: { ...full.elements, robots: [] } };
  const stationOf = new Map<string, string>();
  for (const robot of full.elements.robots) {
    if (robot.station_id) stationOf.set(robot.id, robot.station_id);
  }
  const stationIndex = new Map<string, number>();
  const groups: number[][] = ROBOT_PALETTE.map(() => []);
  const labels: string[] = [];
  model.robots.forEach((robot, index) => {
    const key = stationKey(robot.robotId, stationOf);
    if (!stationIndex.has(key)) stationIndex.set(key, stationIndex.size);
    groups[(stationIndex.get(key) ?? 0) % ROBOT_PALETTE.length].push(index);
    labels.push(robot.robotId.replace(/^R/, ''));
  });
  return {
    layout,
    robotCount: model.robots.length,
    colourGroups: groups.map((group) => Int32Array.from(group)),
    colours: ROBOT_PALETTE,
    labels,
  };
}

/** Cell size and offsets for a grid drawn at `zoom` times its base cell size, with a margin. */
export function playerViewFor(
  dimensions: { readonly width: number; readonly height: number },
  baseCellSize: number,
  zoom: number,
): PlayerView {
  const cellSize = baseCellSize * zoom;
  const margin = Math.max(8, cellSize * 0.5);
  return {
    cellSize,
    offsetX: margin,
    offsetY: margin,
    width: Math.ceil(dimensions.width * cellSize + 2 * margin),
    height: Math.ceil(dimensions.height * cellSize + 2 * margin),
  };
}

/** Draws the static warehouse (grid, shelves, stations, pickups, dropoffs) for one view. */
export function renderStaticLayer(ctx: CanvasRenderingContext2D, scene: PlayerScene, view: PlayerView): void {
  renderLayout(ctx, scene.layout, view, {
    width: view.width,
    height: view.height,
    showGraph: false,
    showNavigationPoints: true,
  });
}

/**
 * What the previous frame drew, so the next one restores only those areas of the static
 * layer (one clipped blit) instead of copying the whole layer.
 */
export interface FrameMemory {
  /** Per robot: left, top, right, bottom in CSS pixels of what was drawn for it. */
  readonly rects: Float64Array;
  /** Sum of the rects' areas: when robots cover much of the map, one plain copy beats a clip of hundreds of rects. */
  drawnArea: number;
  /** Left, top, right, bottom of each id label the frame drew, so no label is drawn over another. */
  readonly labelBoxes: Float64Array;
  /** The next frame must restore the whole layer (first frame, new view, a route drawn). */
  full: boolean;
}

/** Above this share of the map under the previous frame's robots, the next frame copies the whole layer. */
const FULL_RESTORE_SHARE = 0.25;

export function createFrameMemory(robotCount: number): FrameMemory {
  return {
    rects: new Float64Array(robotCount * 4),
    drawnArea: 0,
    full: true,
    labelBoxes: new Float64Array(robotCount * 4),
  };
}

/**
 * Sizes a canvas's backing store for the device pixel ratio and returns a context in CSS
 * pixel units, or null where canvas is unavailable (jsdom).
 */
export function prepareLayerCanvas(
  canvas: HTMLCanvasElement,
  cssWidth: number,
  cssHeight: number,
  attributes?: CanvasRenderingContext2DSettings,
): CanvasRenderingContext2D | null {
  const ratio = typeof window !== 'undefined' && window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
  const pixelWidth = Math.max(1, Math.round(cssWidth * ratio));
  const pixelHeight = Math.max(1, Math.round(cssHeight * ratio));
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d', attributes);
  } catch {
    return null;
  }
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}

export interface FrameOptions {
  /** Index into model.robots of the robot whose remaining route is drawn; -1 for none. */
  readonly selectedRobot: number;
  readonly showLabels: boolean;
  /**
   * Robots are drawn no wider than their cells allow (traffic mode, where neighbours stand one
   * cell apart); otherwise small cells still get legible 3 px robots.
   */
  readonly cellBound: boolean;
}

const TWO_PI = Math.PI * 2;
/** Body radius in cells of the planned replay's robots. */
const BODY_RADIUS_CELLS = 0.32;
const HALO_SCALE = 1.8;
/** Below this body radius (px) a heading tick would hide the body's colour. */
const MIN_TICKED_RADIUS = 3;

function robotRadius(view: PlayerView, cellBound: boolean): number {
  return cellBound ? view.cellSize * TRAFFIC_BODY_RADIUS_CELLS : Math.max(3, view.cellSize * BODY_RADIUS_CELLS);
}

function labelFontSize(view: PlayerView): number {
  return Math.round(Math.max(9, view.cellSize * 0.32));
}

/** Puts back the static layer under everything the previous frame drew. */
function restoreBackground(
  ctx: CanvasRenderingContext2D,
  background: CanvasImageSource | null,
  view: PlayerView,
  memory: FrameMemory,
  robotCount: number,
): void {
  const crowded = memory.drawnArea > FULL_RESTORE_SHARE * view.width * view.height;
  if (memory.full || crowded || memory.rects.length < robotCount * 4) {
    if (background) ctx.drawImage(background, 0, 0, view.width, view.height);
    else ctx.clearRect(0, 0, view.width, view.height);
    return;
  }
  ctx.save();
  ctx.beginPath();
  const rects = memory.rects;
  for (let index = 0; index < robotCount; index += 1) {
    const left = rects[index * 4];
    const top = rects[index * 4 + 1];
    ctx.rect(left, top, rects[index * 4 + 2] - left, rects[index * 4 + 3] - top);
  }
  ctx.clip();
  if (background) ctx.drawImage(background, 0, 0, view.width, view.height);
  else ctx.clearRect(0, 0, view.width, view.height);
  ctx.restore();
}

function rememberRects(
  memory: FrameMemory,
  scene: PlayerScene,
  view: PlayerView,
  states: readonly RobotState[],
  options: FrameOptions,
): void {
  const radius = robotRadius(view, options.cellBound);
  const showLabels = options.showLabels;
  // Rings reach radius + 5 plus half their 2 px line, halos 1.8 radii; heading ticks stay inside the body.
  const reach = Math.max(radius + 8, radius * HALO_SCALE + 1);
  const font = labelFontSize(view);
  const rects = memory.rects;
  let area = 0;
  for (let index = 0; index < states.length; index += 1) {
    const state = states[index];
    const x = view.offsetX + state.x * view.cellSize;
    const y = view.offsetY + state.y * view.cellSize;
    let halfWidth = reach;
    let top = y - reach;
    if (showLabels) {
      // Generous text box: glyphs are narrower than the font size in any sans-serif face.
      halfWidth = Math.max(reach, (scene.labels[index].length * font * 0.7) / 2 + 2);
      top = y - radius - 4 - font * 1.3;
    }
    rects[index * 4] = Math.floor(x - halfWidth);
    rects[index * 4 + 1] = Math.floor(top);
    rects[index * 4 + 2] = Math.ceil(x + halfWidth);
    rects[index * 4 + 3] = Math.ceil(y + reach);
    area += (rects[index * 4 + 2] - rects[index * 4]) * (rects[index * 4 + 3] - rects[index * 4 + 1]);
  }
  memory.drawnArea = area;
}

/**
 * One frame: restore the static layer where the last frame drew, the selected robot's
 * remaining route, then every robot. `memory` carries what was drawn between frames.
 */
export function renderFrame(
  ctx: CanvasRenderingContext2D,
  background: CanvasImageSource | null,
  scene: PlayerScene,
  view: PlayerView,
  model: ReplayModel,
  states: readonly RobotState[],
  options: FrameOptions,
  memory: FrameMemory,
): void {
  const { cellSize, offsetX, offsetY } = view;
  restoreBackground(ctx, background, view, memory, states.length);

  const selected = options.selectedRobot;
  const routeDrawn = selected >= 0 && selected < states.length && !states[selected].done;
  if (routeDrawn) {
    drawRemainingRoute(ctx, model, states[selected], selected, view);
  }

  const radius = robotRadius(view, options.cellBound);
  fillHalos(ctx, states, view, radius * HALO_SCALE, PLAYER_COLOURS.waiting, 'waiting');
  fillHalos(ctx, states, view, radius * HALO_SCALE, PLAYER_COLOURS.queued, 'queued');
  for (let group = 0; group < scene.colourGroups.length; group += 1) {
    const members = scene.colourGroups[group];
    if (members.length === 0) continue;
    ctx.beginPath();
    for (let member = 0; member < members.length; member += 1) {
      const state = states[members[member]];
      const x = offsetX + state.x * cellSize;
      const y = offsetY + state.y * cellSize;
      const body = radius * state.scale;
      ctx.moveTo(x + body, y);
      ctx.arc(x, y, body, 0, TWO_PI);
    }
    ctx.fillStyle = scene.colours[group];
    ctx.fill();
  }

  // Heading ticks of every robot in one stroke, where bodies are large enough to show them.
  if (radius >= MIN_TICKED_RADIUS) {
    ctx.beginPath();
    for (let index = 0; index < states.length; index += 1) {
      const state = states[index];
      const x = offsetX + state.x * cellSize;
      const y = offsetY + state.y * cellSize;
      const body = radius * state.scale;
      ctx.moveTo(x, y);
      ctx.lineTo(x + Math.cos(state.heading) * body, y + Math.sin(state.heading) * body);
    }
    ctx.strokeStyle = PLAYER_COLOURS.heading;
    ctx.lineWidth = Math.max(1.5, radius * 0.3);
    ctx.stroke();
  }

  strokeRings(ctx, states, view, radius, 2, PLAYER_COLOURS.recharging, isRecharging, -1);
  strokeRings(ctx, states, view, radius, 2, PLAYER_COLOURS.lowBattery, isLowBattery, -1);
  if (selected >= 0 && selected < states.length) {
    strokeRings(ctx, states, view, radius, 5, PLAYER_COLOURS.selected, null, selected);
  }

  if (options.showLabels) drawLabels(ctx, scene, view, states, radius, memory.labelBoxes);

  rememberRects(memory, scene, view, states, options);
  // A route spans the map; the next frame restores everything rather than tracking it.
  memory.full = routeDrawn;
}

/**
 * True when the box (left, top, right, bottom) overlaps one of the first `count` boxes of
 * `boxes` (four numbers each): a label there would run into one already drawn.
 */
export function overlapsPlacedBox(
  boxes: Float64Array,
  count: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
): boolean {
  for (let index = 0; index < count; index += 1) {
    const at = index * 4;
    if (left < boxes[at + 2] && boxes[at] < right && top < boxes[at + 3] && boxes[at + 1] < bottom) return true;
  }
  return false;
}

/**
 * Each robot's id over it, where it fits: a robot drawn smaller shares its station's cell with
 * others (the station's id names them), and a label that would run into one already drawn is
 * left out, so ids never pile up into one another ('1_11_2').
 */
function drawLabels(
  ctx: CanvasRenderingContext2D,
  scene: PlayerScene,
  view: PlayerView,
  states: readonly RobotState[],
  radius: number,
  boxes: Float64Array,
): void {
  const { cellSize, offsetX, offsetY } = view;
  const font = labelFontSize(view);
  ctx.fillStyle = PLAYER_COLOURS.label;
  ctx.font = `${font}px ui-sans-serif, system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  let placed = 0;
  for (let index = 0; index < states.length; index += 1) {
    const state = states[index];
    if (state.scale < 1) continue;
    const x = offsetX + state.x * cellSize;
    const bottom = offsetY + state.y * cellSize - radius - 2;
    // Glyphs of a sans-serif face are at most about 0.6 of the font size wide.
    const halfWidth = scene.labels[index].length * font * 0.3 + 1;
    if (overlapsPlacedBox(boxes, placed, x - halfWidth, bottom - font, x + halfWidth, bottom)) continue;
    boxes[placed * 4] = x - halfWidth;
    boxes[placed * 4 + 1] = bottom - font;
    boxes[placed * 4 + 2] = x + halfWidth;
    boxes[placed * 4 + 3] = bottom;
    placed += 1;
    ctx.fillText(scene.labels[index], x, bottom);
  }
}

// Module-level predicates: a frame creates no closures.
function isRecharging(state: RobotState): boolean {
  return state.motion === 'recharging';
}

function isLowBattery(state: RobotState): boolean {
  return state.lowBattery && !state.done;
}

/** Filled halos behind the robots in one motion state (one fill for all of them). */
function fillHalos(
  ctx: CanvasRenderingContext2D,
  states: readonly RobotState[],
  view: PlayerView,
  radius: number,
  colour: string,
  motion: RobotState['motion'],
): void {
  let any = false;
  ctx.beginPath();
  for (let index = 0; index < states.length; index += 1) {
    const state = states[index];
    if (state.motion !== motion) continue;
    const x = view.offsetX + state.x * view.cellSize;
    const y = view.offsetY + state.y * view.cellSize;
    const halo = radius * state.scale;
    ctx.moveTo(x + halo, y);
    ctx.arc(x, y, halo, 0, TWO_PI);
    any = true;
  }
  if (!any) return;
  ctx.fillStyle = colour;
  ctx.fill();
}

/**
 * Rings `gap` px outside the bodies of the robots matching `include`, or around robot `only`
 * when include is null.
 */
function strokeRings(
  ctx: CanvasRenderingContext2D,
  states: readonly RobotState[],
  view: PlayerView,
  radius: number,
  gap: number,
  colour: string,
  include: ((state: RobotState) => boolean) | null,
  only: number,
): void {
  let any = false;
  ctx.beginPath();
  for (let index = 0; index < states.length; index += 1) {
    const state = states[index];
    if (include ? !include(state) : index !== only) continue;
    const x = view.offsetX + state.x * view.cellSize;
    const y = view.offsetY + state.y * view.cellSize;
    const ring = radius * state.scale + gap;
    ctx.moveTo(x + ring, y);
    ctx.arc(x, y, ring, 0, TWO_PI);
    any = true;
  }
  if (!any) return;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** The rest of a robot's plan as a dashed polyline from where it stands. */
function drawRemainingRoute(
  ctx: CanvasRenderingContext2D,
  model: ReplayModel,
  state: RobotState,
  robotIndex: number,
  view: PlayerView,
): void {
  const timeline = model.robots[robotIndex];
  if (state.done || timeline.xs.length === 0) return;
  const fromPoint = state.routePoint;
  const { cellSize, offsetX, offsetY } = view;
  ctx.beginPath();
  ctx.moveTo(offsetX + state.x * cellSize, offsetY + state.y * cellSize);
  for (let point = fromPoint; point < timeline.xs.length; point += 1) {
    ctx.lineTo(offsetX + timeline.xs[point] * cellSize, offsetY + timeline.ys[point] * cellSize);
  }
  ctx.setLineDash([6, 4]);
  ctx.strokeStyle = PLAYER_COLOURS.route;
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.setLineDash([]);
}

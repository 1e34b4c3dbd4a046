import { describe, expect, it } from 'vitest';
import {
  drawDragPreview,
  drawDropoffHighlights,
  drawDropoffs,
  drawHoverPickupRing,
  drawNavigationPoints,
  drawPickupHighlights,
  drawPointLabels,
  drawRobots,
  drawRobotStations,
  LAYOUT_COLORS,
  renderGraphEdges,
  renderLayout,
  robotDrawPositions,
} from './render-layout.ts';
import { RecordingCanvasContext } from './test-support/recording-canvas-context.ts';
import { SMALL_SCENE } from './test-support/small-scene.ts';

const scene = SMALL_SCENE;
const view = { cellSize: 10, offsetX: 5, offsetY: 7 };

function draw(options: Partial<Parameters<typeof renderLayout>[3]> = {}) {
  const context = new RecordingCanvasContext(document.createElement('canvas'));
  renderLayout(context as unknown as CanvasRenderingContext2D, scene, view, {
    width: 100,
    height: 60,
    showGraph: true,
    ...options,
  });
  return context;
}

/** A fresh recorder, typed as the context the draw functions take. */
function recording() {
  const recorder = new RecordingCanvasContext(document.createElement('canvas'));
  return { recorder, ctx: recorder as unknown as CanvasRenderingContext2D };
}

/** The calls of the path ended by the first fill/stroke in the given colour. */
function pathBefore(context: RecordingCanvasContext, method: 'fill' | 'stroke', color: string) {
  const end = context.calls.findIndex(
    (call) => call.method === method && (method === 'fill' ? call.fillStyle : call.strokeStyle) === color,
  );
  expect(end).toBeGreaterThan(-1);
  const start = context.calls
    .slice(0, end)
    .map((call) => call.method)
    .lastIndexOf('beginPath');
  return context.calls.slice(start + 1, end);
}

describe('robotDrawPositions', () => {
  it('spreads the robots of one station on a ring of 0.3 cell', () => {
    const positions = [...robotDrawPositions(scene.elements.robots)];
    expect(positions[0]).toBeCloseTo(0.5, 9);
    expect(positions[1]).toBeCloseTo(0.2, 9);
    expect(positions[2]).toBeCloseTo(0.5, 9);
    expect(positions[3]).toBeCloseTo(0.8, 9);
  });
});

describe('renderLayout', () => {
  it('draws bottom to top: background, grid area, edges, grid lines, shelves, points, stations, robots', () => {
    const painted = draw()
      .calls.filter((call) => ['fill', 'stroke', 'fillRect', 'strokeRect'].includes(call.method))
      .map((call) => (call.method === 'fill' || call.method === 'fillRect' ? call.fillStyle : call.strokeStyle));
    expect(painted).toEqual([
      LAYOUT_COLORS.background,
      LAYOUT_COLORS.gridFill,
      LAYOUT_COLORS.graphEdge,
      LAYOUT_COLORS.gridLine,
      LAYOUT_COLORS.gridBorder,
      LAYOUT_COLORS.shelf,
      LAYOUT_COLORS.shelfBorder,
      LAYOUT_COLORS.navigationPoint,
      LAYOUT_COLORS.pickupSelected,
      LAYOUT_COLORS.dropoff,
      LAYOUT_COLORS.robotStation,
      LAYOUT_COLORS.robot,
    ]);
  });

  it('clears the whole area, then draws the grid in one batched path', () => {
    const context = draw();
    expect(context.calls[0]).toMatchObject({
      method: 'fillRect',
      args: [0, 0, 100, 60],
      fillStyle: LAYOUT_COLORS.background,
    });
    const gridLines = pathBefore(context, 'stroke', LAYOUT_COLORS.gridLine);
    // 5 inner vertical + 3 inner horizontal lines.
    expect(gridLines.filter((call) => call.method === 'moveTo')).toHaveLength(8);
  });

  it('draws all shelves as rectangles of one path', () => {
    const shelves = pathBefore(draw(), 'fill', LAYOUT_COLORS.shelf);
    expect(shelves.map((call) => call.args)).toEqual([
      [15, 17, 10, 20],
      [35, 17, 10, 20],
    ]);
  });

  it('draws every graph edge in a single stroke, and none when the graph is hidden', () => {
    const edges = pathBefore(draw(), 'stroke', LAYOUT_COLORS.graphEdge);
    // Merged segments come ordered by direction: the horizontal edge, then the diagonal.
    expect(edges.map((call) => [call.method, ...call.args])).toEqual([
      ['moveTo', 10, 42],
      ['lineTo', 60, 42],
      ['moveTo', 25, 22],
      ['lineTo', 60, 42],
    ]);
    const hidden = draw({ showGraph: false });
    expect(hidden.calls.some((call) => call.strokeStyle === LAYOUT_COLORS.graphEdge && call.method === 'stroke')).toBe(
      false,
    );
    expect(
      hidden.calls.some((call) => call.fillStyle === LAYOUT_COLORS.navigationPoint && call.method === 'fill'),
    ).toBe(false);
  });

  it('skips edges entirely outside the visible area', () => {
    // 30 x 30 CSS px shows x 0.5..2.5 cells and y 0..2.3 cells: only the P1-D1 diagonal
    // reaches into it (it starts at (25, 22)); the N1-D1 edge runs along y = 42.
    const context = new RecordingCanvasContext(document.createElement('canvas'));
    renderGraphEdges(context as unknown as CanvasRenderingContext2D, scene.graph!, view, { width: 30, height: 30 });
    expect(pathBefore(context, 'stroke', LAYOUT_COLORS.graphEdge).map((call) => [call.method, ...call.args])).toEqual([
      ['moveTo', 25, 22],
      ['lineTo', 60, 42],
    ]);
  });

  it('draws candidate pickups as rings and selected ones as dots', () => {
    const context = draw({ selectedPickupIds: new Set(['P1']) });
    const candidates = pathBefore(context, 'stroke', LAYOUT_COLORS.pickupCandidate).filter(
      (call) => call.method === 'arc',
    );
    const selected = pathBefore(context, 'fill', LAYOUT_COLORS.pickupSelected).filter((call) => call.method === 'arc');
    expect(candidates.map((call) => call.args.slice(0, 2))).toEqual([[35, 22]]);
    expect(selected.map((call) => call.args.slice(0, 2))).toEqual([[25, 22]]);
  });

  it('treats every pickup as selected when no selection is given (saved environments)', () => {
    const selected = pathBefore(draw(), 'fill', LAYOUT_COLORS.pickupSelected).filter((call) => call.method === 'arc');
    expect(selected).toHaveLength(2);
  });

  it('draws a valid preview as a blue outline and an invalid one red and filled', () => {
    const rect = { x: 1, y: 0, width: 2, height: 1 };
    const valid = draw({ preview: { rect, valid: true, kind: 'place' } });
    expect(valid.calls.at(-1)).toMatchObject({
      method: 'strokeRect',
      args: [15, 7, 20, 10],
      strokeStyle: LAYOUT_COLORS.previewValid,
    });
    expect(valid.calls.some((call) => call.fillStyle === LAYOUT_COLORS.previewInvalidFill)).toBe(false);

    const invalid = draw({ preview: { rect, valid: false, kind: 'place' } });
    expect(invalid.calls.slice(-2)).toMatchObject([
      { method: 'fillRect', args: [15, 7, 20, 10], fillStyle: LAYOUT_COLORS.previewInvalidFill },
      { method: 'strokeRect', args: [15, 7, 20, 10], strokeStyle: LAYOUT_COLORS.previewInvalid },
    ]);
  });

  it('shades the hovered cell only inside the grid', () => {
    const inside = draw({ hoverCell: { x: 2, y: 3 } });
    expect(
      inside.calls.find((call) => call.fillStyle === LAYOUT_COLORS.hover && call.method === 'fillRect')?.args,
    ).toEqual([25, 37, 10, 10]);
    const outside = draw({ hoverCell: { x: 6, y: 0 } });
    expect(outside.calls.some((call) => call.fillStyle === LAYOUT_COLORS.hover && call.method === 'fillRect')).toBe(
      false,
    );
  });
});

describe('draw functions', () => {
  it('drawNavigationPoints: one dot of at least 1.5 px per point', () => {
    const { recorder, ctx } = recording();
    drawNavigationPoints(ctx, scene.elements.navigation_points, view);
    expect(recorder.calls.map((call) => call.method)).toEqual(['beginPath', 'moveTo', 'arc', 'fill']);
    expect(recorder.calls[2].args).toEqual([10, 42, 1.5, 0, Math.PI * 2]);
    expect(recorder.calls[3].fillStyle).toBe(LAYOUT_COLORS.navigationPoint);
  });

  it('drawPickupHighlights: rings of 1.9 pickup radii around the highlighted pickups only', () => {
    const { recorder, ctx } = recording();
    drawPickupHighlights(ctx, scene.elements.pickups, view, new Set(['P2']));
    const rings = pathBefore(recorder, 'stroke', LAYOUT_COLORS.highlight).filter((call) => call.method === 'arc');
    expect(rings.map((call) => call.args.slice(0, 3))).toEqual([[35, 22, 4.75]]);
    const none = recording();
    drawPickupHighlights(none.ctx, scene.elements.pickups, view, new Set());
    expect(none.recorder.calls).toEqual([]);
  });

  it('drawDropoffs: a square of 0.7 cell centred on each dropoff', () => {
    const { recorder, ctx } = recording();
    drawDropoffs(ctx, scene.elements.dropoffs, view);
    expect(pathBefore(recorder, 'fill', LAYOUT_COLORS.dropoff).map((call) => call.args)).toEqual([[56.5, 38.5, 7, 7]]);
  });

  it('drawDropoffHighlights: a square outline 1.35 times as wide around the highlighted dropoffs', () => {
    const { recorder, ctx } = recording();
    drawDropoffHighlights(ctx, scene.elements.dropoffs, view, new Set(['D1', 'D9']));
    const [outline] = pathBefore(recorder, 'stroke', LAYOUT_COLORS.highlight);
    expect(outline.method).toBe('rect');
    const [x, y, width, height] = outline.args as number[];
    expect([x, y, width, height].map((value) => Number(value.toFixed(9)))).toEqual([55.275, 37.275, 9.45, 9.45]);
  });

  it('drawRobotStations: a diamond reaching 0.42 cell from the station', () => {
    const { recorder, ctx } = recording();
    drawRobotStations(ctx, scene.elements.robot_stations, view);
    const diamond = pathBefore(recorder, 'fill', LAYOUT_COLORS.robotStation).map((call) => [
      call.method,
      ...call.args.map((value) => Number((value as number).toFixed(9))),
    ]);
    expect(diamond).toEqual([
      ['moveTo', 10, 7.8],
      ['lineTo', 14.2, 12],
      ['lineTo', 10, 16.2],
      ['lineTo', 5.8, 12],
      ['closePath'],
    ]);
  });

  it('on cells under 10 px: no robots, and a station diamond of at least 3 px each way', () => {
    const { recorder, ctx } = recording();
    const small = { cellSize: 6, offsetX: 0, offsetY: 0 };
    drawRobots(ctx, scene.elements.robots, small);
    expect(recorder.calls.filter((call) => call.method === 'arc')).toEqual([]);
    drawRobotStations(ctx, scene.elements.robot_stations, small);
    const [top] = pathBefore(recorder, 'fill', LAYOUT_COLORS.robotStation);
    // The station stands at (0.5, 0.5): 3 px, not 0.42 x 6 = 2.52 px, above its centre (3, 3).
    expect(top.args).toEqual([3, 0]);
  });

  it('drawRobots: dots of 2 px on the ring around their station', () => {
    const { recorder, ctx } = recording();
    drawRobots(ctx, scene.elements.robots, view);
    const dots = pathBefore(recorder, 'fill', LAYOUT_COLORS.robot).filter((call) => call.method === 'arc');
    expect(dots.map((call) => (call.args as number[]).slice(0, 3).map((value) => Number(value.toFixed(9))))).toEqual([
      [10, 9, 2],
      [10, 15, 2],
    ]);
  });

  it('drawPointLabels: dropoff and station ids under them from 36 px cells on, above them in the bottom row', () => {
    const large = { cellSize: 40, offsetX: 5, offsetY: 7 };
    const { recorder, ctx } = recording();
    drawPointLabels(ctx, scene.elements.dropoffs, scene.elements.robot_stations, large, scene.dimensions);
    // D1 at (5.5, 3.5) is in the bottom row of the 6 x 4 floor: its id ends 0.45 cell above its centre.
    expect(recorder.calls.map((call) => [call.method, ...call.args, call.textBaseline])).toEqual([
      ['fillText', 'D1', 225, 129, 'bottom'],
      ['fillText', 'R1', 25, 45, 'top'],
    ]);
    expect(recorder.font).toBe('11px sans-serif');
    const small = recording();
    drawPointLabels(
      small.ctx,
      scene.elements.dropoffs,
      scene.elements.robot_stations,
      { ...large, cellSize: 35 },
      scene.dimensions,
    );
    expect(small.recorder.calls).toEqual([]);
  });

  it('drawHoverPickupRing: a white ring of 1.8 pickup radii around the hovered pickup, none for an unknown id', () => {
    const { recorder, ctx } = recording();
    drawHoverPickupRing(ctx, scene.elements.pickups, view, 'P2');
    expect(pathBefore(recorder, 'stroke', LAYOUT_COLORS.hoverRing).map((call) => call.args.slice(0, 3))).toEqual([
      [35, 22, 4.5],
    ]);
    const unknown = recording();
    drawHoverPickupRing(unknown.ctx, scene.elements.pickups, view, 'P9');
    expect(unknown.recorder.calls).toEqual([]);
  });

  it('drawDragPreview: an erase preview is a dashed red outline, the dash reset after', () => {
    const { recorder, ctx } = recording();
    drawDragPreview(ctx, view, { rect: { x: 0, y: 1, width: 3, height: 2 }, valid: true, kind: 'erase' });
    expect(recorder.calls.map((call) => [call.method, ...call.args])).toEqual([
      ['setLineDash', [6, 4]],
      ['strokeRect', 5, 17, 30, 20],
      ['setLineDash', []],
    ]);
    expect(recorder.calls[1].strokeStyle).toBe(LAYOUT_COLORS.previewErase);
  });
});

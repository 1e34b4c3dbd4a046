import { describe, expect, it } from 'vitest';
import type { LayoutScene } from './layout-scene.ts';
import { drawDragPreview, LAYOUT_COLORS, renderLayout } from './render-layout.ts';
import { RecordingCanvasContext } from './test-support/recording-canvas-context.ts';
import { SMALL_SCENE } from './test-support/small-scene.ts';
import { chevronEvery, drawKeepClearCells, drawOneWayAisles, TRAFFIC_COLORS } from './traffic-rules-drawing.ts';

function recording() {
  const recorder = new RecordingCanvasContext(document.createElement('canvas'));
  return { recorder, ctx: recorder as unknown as CanvasRenderingContext2D };
}

/** The moveTo/lineTo points of the path stroked in `color`, in pixels. */
function strokedPoints(recorder: RecordingCanvasContext, color: string) {
  const end = recorder.calls.findIndex((call) => call.method === 'stroke' && call.strokeStyle === color);
  const start = recorder.calls
    .slice(0, end)
    .map((call) => call.method)
    .lastIndexOf('beginPath');
  return recorder.calls.slice(start + 1, end).map((call) => [call.method, ...call.args]);
}

describe('drawOneWayAisles', () => {
  it('draws one chevron per cell pointing the aisle way on a large map: a right-running row', () => {
    const { recorder, ctx } = recording();
    drawOneWayAisles(ctx, [{ id: 'W1', position: [1, 0], size: [3, 1], direction: 'right' }], {
      cellSize: 20,
      offsetX: 0,
      offsetY: 0,
    });
    // Band over cells x 1-3 of row 0.
    expect(recorder.calls.find((call) => call.method === 'rect')?.args).toEqual([20, 0, 60, 20]);
    const chevrons = strokedPoints(recorder, TRAFFIC_COLORS.oneWayArrow);
    // Centres (30, 10), (50, 10), (70, 10): half 4.8 px wide, tips 2.16 px right of the centre.
    expect(chevrons).toHaveLength(9);
    const [tail, tip, otherTail] = chevrons.slice(0, 3) as [string, number, number][];
    expect(tail[0]).toBe('moveTo');
    expect(tail[1]).toBeCloseTo(27.84, 6);
    expect(tail[2]).toBeCloseTo(14.8, 6);
    expect(tip[1]).toBeCloseTo(32.16, 6);
    expect(tip[2]).toBeCloseTo(10, 6);
    expect(otherTail[1]).toBeCloseTo(27.84, 6);
    expect(otherTail[2]).toBeCloseTo(5.2, 6);
  });

  it('points up an up-running column: the tip above the tails', () => {
    const { recorder, ctx } = recording();
    drawOneWayAisles(ctx, [{ id: 'W1', position: [0, 0], size: [1, 1], direction: 'up' }], {
      cellSize: 20,
      offsetX: 0,
      offsetY: 0,
    });
    const [tail, tip] = strokedPoints(recorder, TRAFFIC_COLORS.oneWayArrow) as [string, number, number][];
    expect(tip[2]).toBeLessThan(tail[2]);
    expect(tip[1]).toBeCloseTo(10, 6);
  });

  it('spaces chevrons at least 14 px apart on a small map, one lane each', () => {
    expect(chevronEvery(40)).toBe(1);
    expect(chevronEvery(7)).toBe(2);
    expect(chevronEvery(4)).toBe(4);
    const { recorder, ctx } = recording();
    // 10 cells long, 2 lanes, at 7 px a cell: every 2nd cell, 5 per lane, lane 0 on the even
    // columns and lane 1 on the odd ones, so the two rows of chevrons alternate.
    drawOneWayAisles(ctx, [{ id: 'W1', position: [0, 0], size: [10, 2], direction: 'left' }], {
      cellSize: 7,
      offsetX: 0,
      offsetY: 0,
    });
    const tips = strokedPoints(recorder, TRAFFIC_COLORS.oneWayArrow).filter((_, index) => index % 3 === 1) as [
      string,
      number,
      number,
    ][];
    const columnsOfRow = (row: number) =>
      tips.filter(([, , tipY]) => Math.floor(tipY / 7) === row).map(([, tipX]) => Math.floor(tipX / 7));
    expect(columnsOfRow(0)).toEqual([0, 2, 4, 6, 8]);
    expect(columnsOfRow(1)).toEqual([1, 3, 5, 7, 9]);
  });

  it('gives a lane too short for its spacing one chevron in its middle', () => {
    const { recorder, ctx } = recording();
    drawOneWayAisles(ctx, [{ id: 'W1', position: [1, 0], size: [1, 1], direction: 'up' }], {
      cellSize: 4,
      offsetX: 0,
      offsetY: 0,
    });
    expect(strokedPoints(recorder, TRAFFIC_COLORS.oneWayArrow).filter(([method]) => method === 'moveTo')).toHaveLength(
      1,
    );
  });

  it('draws nothing without aisles', () => {
    const { recorder, ctx } = recording();
    drawOneWayAisles(ctx, undefined, { cellSize: 20, offsetX: 0, offsetY: 0 });
    drawOneWayAisles(ctx, [], { cellSize: 20, offsetX: 0, offsetY: 0 });
    expect(recorder.calls).toEqual([]);
  });
});

describe('drawKeepClearCells', () => {
  it('fills, outlines and hatches the cell inside a small inset', () => {
    const { recorder, ctx } = recording();
    drawKeepClearCells(ctx, [{ id: 'K1', position: [2.5, 1.5] }], { cellSize: 20, offsetX: 10, offsetY: 0 });
    expect(recorder.calls.find((call) => call.method === 'rect')?.args).toEqual([51.5, 21.5, 17, 17]);
    expect(recorder.calls.filter((call) => call.method === 'fill').map((call) => call.fillStyle)).toEqual([
      TRAFFIC_COLORS.keepClearFill,
    ]);
    // Stripes every 4.25 px across the 17 px square: 7 of them.
    const strokes = recorder.calls.filter((call) => call.method === 'stroke');
    expect(strokes.map((call) => call.strokeStyle)).toEqual([TRAFFIC_COLORS.keepClear, TRAFFIC_COLORS.keepClear]);
    const hatch = recorder.calls.slice(recorder.calls.map((call) => call.method).lastIndexOf('beginPath'));
    expect(hatch.filter((call) => call.method === 'moveTo')).toHaveLength(7);
  });
});

describe('traffic rules on the map', () => {
  const scene: LayoutScene = {
    ...SMALL_SCENE,
    elements: {
      ...SMALL_SCENE.elements,
      one_way_aisles: [{ id: 'W1', position: [0, 3], size: [5, 1], direction: 'right' }],
      keep_clear_cells: [{ id: 'K1', position: [2.5, 0.5] }],
    },
  };

  it('draws them above the grid lines and below shelves and places', () => {
    const { recorder, ctx } = recording();
    renderLayout(ctx, scene, { cellSize: 20, offsetX: 0, offsetY: 0 }, { width: 200, height: 100, showGraph: false });
    const painted = recorder.calls
      .filter((call) => call.method === 'fill' || call.method === 'stroke')
      .map((call) => (call.method === 'fill' ? call.fillStyle : call.strokeStyle));
    const at = (color: string) => painted.indexOf(color);
    expect(at(LAYOUT_COLORS.gridLine)).toBeLessThan(at(TRAFFIC_COLORS.oneWayBand));
    expect(at(TRAFFIC_COLORS.oneWayArrow)).toBeLessThan(at(TRAFFIC_COLORS.keepClear));
    expect(at(TRAFFIC_COLORS.keepClear)).toBeLessThan(at(LAYOUT_COLORS.shelf));
  });

  it("draws a one-way aisle preview's chevrons in the preview colour", () => {
    const { recorder, ctx } = recording();
    drawDragPreview(
      ctx,
      { cellSize: 20, offsetX: 0, offsetY: 0 },
      { rect: { x: 0, y: 0, width: 1, height: 3 }, valid: false, kind: 'place', direction: 'down' },
    );
    expect(recorder.calls.filter((call) => call.method === 'stroke').map((call) => call.strokeStyle)).toEqual([
      LAYOUT_COLORS.previewInvalid,
    ]);
    expect(recorder.calls.filter((call) => call.method === 'moveTo')).toHaveLength(3);
  });
});

import { describe, expect, it } from 'vitest';
import { RecordingCanvasContext } from '../../map-drawing/test-support/recording-canvas-context.ts';
import { shadeColour } from './heat-scale.ts';
import { hottestCells, renderHeatmap, shadeHeatmap } from './heatmap-layer.ts';

// 3 x 2 cells: 4 s at (1, 0), 16 s at (2, 0), 1 s at (1, 1).
const heatmap = { width: 3, height: 2, wait_s: [0, 4, 16, 0, 1, 0] };

describe('heat map layer', () => {
  it('groups the cells with waiting by shade against the worst cell', () => {
    const shaded = shadeHeatmap(heatmap);
    expect(shaded.maxSeconds).toBe(16);
    const byShade = shaded.cellsByShade.map((cells) => [...cells]);
    // 1 s is a quarter of the scale (shade 4), 4 s half (shade 8), 16 s the top (shade 15).
    expect(byShade.flatMap((cells, shade) => cells.map((cell) => [shade, cell]))).toEqual([
      [4, 4],
      [8, 1],
      [15, 2],
    ]);
  });

  it('draws one fill per shade, a square per cell of the view', () => {
    const context = new RecordingCanvasContext(null);
    renderHeatmap(
      context as unknown as CanvasRenderingContext2D,
      shadeHeatmap(heatmap),
      { cellSize: 10, offsetX: 5, offsetY: 7 },
      { width: 100, height: 50 },
    );
    expect(context.calls.map((call) => call.method)).toEqual([
      'clearRect',
      'beginPath',
      'rect',
      'fill',
      'beginPath',
      'rect',
      'fill',
      'beginPath',
      'rect',
      'fill',
    ]);
    const rects = context.calls.filter((call) => call.method === 'rect').map((call) => call.args);
    expect(rects).toEqual([
      [15, 17, 10, 10],
      [15, 7, 10, 10],
      [25, 7, 10, 10],
    ]);
    const fills = context.calls.filter((call) => call.method === 'fill').map((call) => call.fillStyle);
    expect(fills).toEqual([shadeColour(4), shadeColour(8), shadeColour(15)]);
  });

  it('names the cells robots waited on longest', () => {
    expect(hottestCells(heatmap, 2)).toEqual([
      { x: 2, y: 0, seconds: 16 },
      { x: 1, y: 0, seconds: 4 },
    ]);
    expect(hottestCells({ width: 2, height: 1, wait_s: [0, 0] }, 3)).toEqual([]);
  });
});

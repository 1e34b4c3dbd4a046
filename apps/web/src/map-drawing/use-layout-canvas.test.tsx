import { act, cleanup, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LayoutScene } from './layout-scene.ts';
import { installRecordingCanvas, RecordingOffscreenCanvas } from './test-support/recording-canvas-context.ts';
import { CRISP_REDRAW_DELAY_MS, useLayoutCanvas } from './use-layout-canvas.ts';

/** 4 x 3 grid with one shelf. */
const scene: LayoutScene = {
  dimensions: { width: 4, height: 3 },
  elements: {
    shelves: [{ id: 'S1', position: [1, 1], size: [1, 1] }],
    pickups: [],
    dropoffs: [],
    robot_stations: [],
    robots: [],
    navigation_points: [],
  },
};

function Harness({ cellSize }: { cellSize: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useLayoutCanvas(
    canvasRef,
    scene,
    { cellSize, offsetX: 0, offsetY: 0 },
    { width: 200, height: 100, showGraph: false },
  );
  return <canvas ref={canvasRef} />;
}

describe('useLayoutCanvas', () => {
  let canvas: ReturnType<typeof installRecordingCanvas>;

  beforeEach(() => {
    vi.useFakeTimers();
    canvas = installRecordingCanvas();
    RecordingOffscreenCanvas.created = [];
    vi.stubGlobal('OffscreenCanvas', RecordingOffscreenCanvas);
  });
  afterEach(() => {
    cleanup();
    canvas.restore();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('stretches the cached layer on a zoom step and redraws it crisply once zooming pauses', () => {
    const { rerender } = render(<Harness cellSize={10} />);
    expect(RecordingOffscreenCanvas.created.map((surface) => surface.width)).toEqual([60]);

    rerender(<Harness cellSize={12} />);
    rerender(<Harness cellSize={14} />);
    // Still the one layer drawn at 10 px cells, shown stretched.
    expect(RecordingOffscreenCanvas.created).toHaveLength(1);
    const [visible] = [...canvas.contexts.values()];
    const stretched = visible.calls.findLast((call) => call.method === 'drawImage');
    expect(stretched?.args.slice(1)).toEqual([-14, -14, 84, 70]);

    act(() => {
      vi.advanceTimersByTime(CRISP_REDRAW_DELAY_MS);
    });
    // Redrawn at 14 px cells: (4 + 2) x 14 = 84 px wide.
    expect(RecordingOffscreenCanvas.created.map((surface) => surface.width)).toEqual([60, 84]);
  });
});

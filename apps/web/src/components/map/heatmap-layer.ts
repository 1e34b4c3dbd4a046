// The congestion heat map drawn over the read-only map: every cell where robots waited,
// coloured by its waiting seconds, in one fill per shade.

import type { ExecutionRecord } from '@fleetlab/warehouse';
import type { ViewTransform } from '../../map-drawing/view-transform.ts';
import { HEAT_ALPHA, HEAT_SHADES, heatShade, shadeColour } from './heat-scale.ts';

/** Waiting seconds per floor cell, row-major (`y * width + x`): an execution's `heatmap`. */
export type CellHeatmap = ExecutionRecord['heatmap'];

export interface ShadedHeatmap {
  readonly width: number;
  readonly maxSeconds: number;
  /** Cell indices per shade, lightest first. */
  readonly cellsByShade: readonly Int32Array[];
}

/** The longest wait on any cell, in seconds (0 when no robot waited): the top of the heat scale. */
export function heatmapMaxSeconds(heatmap: CellHeatmap): number {
  let maxSeconds = 0;
  for (const seconds of heatmap.wait_s) if (seconds > maxSeconds) maxSeconds = seconds;
  return maxSeconds;
}

/** Groups the cells by shade once per heat map, so a redraw is one fill per shade. */
export function shadeHeatmap(heatmap: CellHeatmap): ShadedHeatmap {
  const maxSeconds = heatmapMaxSeconds(heatmap);
  const shades: number[][] = Array.from({ length: HEAT_SHADES }, () => []);
  heatmap.wait_s.forEach((seconds, cell) => {
    const shade = heatShade(seconds, maxSeconds);
    if (shade >= 0) shades[shade].push(cell);
  });
  return { width: heatmap.width, maxSeconds, cellsByShade: shades.map((cells) => Int32Array.from(cells)) };
}

/** The cells robots waited on longest, longest first; `keep` picks which cells may be listed. */
export function hottestCells(
  heatmap: CellHeatmap,
  count: number,
  keep: (x: number, y: number) => boolean = () => true,
): { x: number; y: number; seconds: number }[] {
  return heatmap.wait_s
    .map((seconds, cell) => ({ x: cell % heatmap.width, y: Math.floor(cell / heatmap.width), seconds }))
    .filter((entry) => entry.seconds > 0 && keep(entry.x, entry.y))
    .sort((a, b) => b.seconds - a.seconds || a.y - b.y || a.x - b.x)
    .slice(0, count);
}

/** Clears the overlay and draws the shaded cells for `view`. */
export function renderHeatmap(
  ctx: CanvasRenderingContext2D,
  shaded: ShadedHeatmap,
  view: ViewTransform,
  size: { readonly width: number; readonly height: number },
): void {
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.globalAlpha = HEAT_ALPHA;
  const { cellSize, offsetX, offsetY } = view;
  shaded.cellsByShade.forEach((cells, shade) => {
    if (cells.length === 0) return;
    ctx.beginPath();
    for (const cell of cells) {
      ctx.rect(
        offsetX + (cell % shaded.width) * cellSize,
        offsetY + Math.floor(cell / shaded.width) * cellSize,
        cellSize,
        cellSize,
      );
    }
    ctx.fillStyle = shadeColour(shade);
    ctx.fill();
  });
  ctx.globalAlpha = 1;
}

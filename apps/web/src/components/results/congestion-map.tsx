import type { ExecutionRecord } from '@fleetlab/warehouse';
import { useMemo, useState } from 'react';
import type { LooseEnvironmentShape } from '../../map-drawing/layout-scene.ts';
import { formatCompletionTime } from '../../lib/display-format.ts';
import { EnvironmentMap } from '../map/environment-map.tsx';
import { heatmapMaxSeconds, hottestCells } from '../map/heatmap-layer.ts';
import { HeatmapLegend } from '../map/heatmap-legend.tsx';
import { buttonSecondary, card } from '../ui/styles.ts';

const HOTTEST_SHOWN = 3;

export interface CongestionMapProps {
  readonly environment: LooseEnvironmentShape;
  readonly heatmap: ExecutionRecord['heatmap'];
}

/**
 * The results map with the congestion heat map: where robots waited (blocked by others, or
 * queued at a charger) while every robot ran the plan on the shared floor, so a planner sees
 * which aisle or intersection chokes.
 */
export function CongestionMap({ environment, heatmap }: CongestionMapProps) {
  const [showHeatmap, setShowHeatmap] = useState(false);
  const maxSeconds = useMemo(() => heatmapMaxSeconds(heatmap), [heatmap]);
  const hottest = useMemo(() => hottestCells(heatmap, HOTTEST_SHOWN), [heatmap]);

  return (
    <section className={`${card} p-5`} aria-labelledby="congestion-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="congestion-heading" className="text-lg font-semibold text-white">
            Congestion
          </h2>
          <p className="mt-1 text-sm text-slate-400">Seconds robots waited on each cell when every robot ran the plan at once.</p>
        </div>
        <button
          type="button"
          aria-pressed={showHeatmap}
          className={`${buttonSecondary} px-3 py-1.5`}
          onClick={() => setShowHeatmap((shown) => !shown)}
        >
          {showHeatmap ? 'Hide Heat Map' : 'Show Heat Map'}
        </button>
      </div>
      <EnvironmentMap environment={environment} heatmap={showHeatmap ? heatmap : null} ariaLabel="Congestion map" />
      {showHeatmap && (
        <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
          <HeatmapLegend maxSeconds={maxSeconds} />
          <p className="text-xs text-slate-400">
            {hottest.length === 0
              ? 'No robot waited anywhere.'
              : `Longest waits: ${hottest.map((cell) => `cell (${cell.x}, ${cell.y}) ${formatCompletionTime(cell.seconds)}`).join(' · ')}`}
          </p>
        </div>
      )}
    </section>
  );
}

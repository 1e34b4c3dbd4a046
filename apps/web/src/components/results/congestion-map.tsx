import type { ExecutionRecord } from '@fleetlab/warehouse';
import { useMemo, useState } from 'react';
import { type LooseEnvironmentShape, toLayoutScene } from '../../map-drawing/layout-scene.ts';
import { formatCompletionTime } from '../../lib/display-format.ts';
import { EnvironmentMap } from '../map/environment-map.tsx';
import { heatmapMaxSeconds, hottestCells } from '../map/heatmap-layer.ts';
import { HeatmapLegend } from '../map/heatmap-legend.tsx';
import { buttonSecondary, card } from '../ui/styles.ts';

/** The most congested cells listed under the map, each one click from being shown on it. */
const HOTTEST_SHOWN = 5;

export interface CongestionMapProps {
  readonly environment: LooseEnvironmentShape;
  readonly heatmap: ExecutionRecord['heatmap'];
}

/** The station standing on each cell, by "x,y": its cells hold the robots queueing for a charger. */
function stationsByCell(environment: LooseEnvironmentShape): Map<string, string> {
  const stations = new Map<string, string>();
  for (const station of toLayoutScene(environment).elements.robot_stations) {
    stations.set(`${Math.floor(station.position[0])},${Math.floor(station.position[1])}`, station.id);
  }
  return stations;
}

/**
 * The results map with the congestion heat map: where robots waited (blocked by others, or
 * queued at a charger) while every robot ran the plan on the shared floor, so a planner sees
 * which aisle or intersection chokes; the five cells waited on longest, each shown on the map
 * (heat map on, centred, outlined) at a click. Station cells are listed apart: their waiting is
 * the charger queue, not congestion.
 */
export function CongestionMap({ environment, heatmap }: CongestionMapProps) {
  const [showHeatmap, setShowHeatmap] = useState(false);
  const [focused, setFocused] = useState<{ x: number; y: number } | null>(null);
  const maxSeconds = useMemo(() => heatmapMaxSeconds(heatmap), [heatmap]);
  const stations = useMemo(() => stationsByCell(environment), [environment]);
  const hottest = useMemo(
    () => hottestCells(heatmap, HOTTEST_SHOWN, (x, y) => !stations.has(`${x},${y}`)),
    [heatmap, stations],
  );
  const queues = useMemo(
    () => hottestCells(heatmap, HOTTEST_SHOWN, (x, y) => stations.has(`${x},${y}`)),
    [heatmap, stations],
  );

  return (
    <section className={`${card} p-5`} aria-labelledby="congestion-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="congestion-heading" className="text-lg font-semibold text-white">
            Congestion
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            Seconds robots waited on each cell when every robot ran the plan at once.
          </p>
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
      <EnvironmentMap
        environment={environment}
        heatmap={showHeatmap ? heatmap : null}
        focusCell={focused}
        ariaLabel="Congestion map"
      />
      {showHeatmap && (
        <div className="mt-3">
          <HeatmapLegend maxSeconds={maxSeconds} />
        </div>
      )}
      <div className="mt-4">
        <h3 id="hottest-cells-heading" className="text-sm font-semibold text-slate-200">
          Most congested cells
        </h3>
        {hottest.length === 0 ? (
          <p className="mt-1 text-sm text-slate-400">
            {queues.length === 0
              ? 'No robot waited anywhere.'
              : 'No robot waited in an aisle, at a pickup or at a dropoff.'}
          </p>
        ) : (
          <CellList
            labelledBy="hottest-cells-heading"
            cells={hottest.map((cell) => ({
              ...cell,
              text: `Cell (${cell.x}, ${cell.y}): ${formatCompletionTime(cell.seconds)} waiting`,
            }))}
            focused={focused}
            onShow={(cell) => {
              setShowHeatmap(true);
              setFocused(cell);
            }}
          />
        )}
        {queues.length > 0 && (
          <>
            <h3 id="charger-queue-cells-heading" className="mt-3 text-sm font-semibold text-slate-200">
              Charger queues
            </h3>
            <CellList
              labelledBy="charger-queue-cells-heading"
              cells={queues.map((cell) => ({
                ...cell,
                text: `Station ${stations.get(`${cell.x},${cell.y}`)} (${cell.x}, ${cell.y}): ${formatCompletionTime(cell.seconds)} queued`,
              }))}
              focused={focused}
              onShow={(cell) => {
                setShowHeatmap(true);
                setFocused(cell);
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}

interface CellListProps {
  readonly labelledBy: string;
  readonly cells: readonly { readonly x: number; readonly y: number; readonly text: string }[];
  readonly focused: { x: number; y: number } | null;
  readonly onShow: (cell: { x: number; y: number }) => void;
}

/** Cells as buttons, each shown on the map (heat map on, centred, outlined) at a click. */
function CellList({ labelledBy, cells, focused, onShow }: CellListProps) {
  return (
    <ol aria-labelledby={labelledBy} className="mt-2 flex flex-wrap gap-2 text-sm">
      {cells.map((cell) => {
        const shown = focused?.x === cell.x && focused.y === cell.y;
        return (
          <li key={`${cell.x},${cell.y}`}>
            <button
              type="button"
              aria-pressed={shown}
              title="Show this cell on the map"
              className={`${buttonSecondary} px-3 py-1 ${shown ? 'border-white' : ''}`}
              onClick={() => onShow({ x: cell.x, y: cell.y })}
            >
              {cell.text}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

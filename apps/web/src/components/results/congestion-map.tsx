import { type ExecutionRecord, Floor } from '@fleetlab/warehouse';
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
  /** Seconds robots queued for a charger, per station id (the execution's `totals.charger_queue_s`). */
  readonly chargerQueueS: Readonly<Record<string, number>>;
  /**
   * Seconds robots queued beside a pickup or dropoff another robot was at, per place id (the
   * execution's `totals.dock_queue_s`; absent in records from before it, whose docks' queues the
   * cells list as waiting).
   */
  readonly dockQueueS?: Readonly<Record<string, number>>;
  /** The run was a shift of orders arriving, not a day's plan. */
  readonly shift?: boolean;
}

/** Each station's cell, by station id. */
function stationCells(environment: LooseEnvironmentShape): Map<string, { x: number; y: number }> {
  const cells = new Map<string, { x: number; y: number }>();
  for (const station of toLayoutScene(environment).elements.robot_stations) {
    cells.set(station.id, { x: Math.floor(station.position[0]), y: Math.floor(station.position[1]) });
  }
  return cells;
}

/** The floor laid out from the drawn places (not which robots are drawn), or null for a layout the floor cannot be laid out from (edited since the run). */
function placesFloor(
  environment: LooseEnvironmentShape,
): { floor: Floor; scene: ReturnType<typeof toLayoutScene> } | null {
  const scene = toLayoutScene(environment);
  try {
    return { floor: new Floor({ dimensions: scene.dimensions, elements: { ...scene.elements, robots: [] } }), scene };
  } catch {
    return null;
  }
}

/** Each pickup's and dropoff's cell (where its robot stands), by place id, with its name on the lists. */
function dockCells(environment: LooseEnvironmentShape): Map<string, { x: number; y: number; name: string }> {
  const cells = new Map<string, { x: number; y: number; name: string }>();
  const laidOut = placesFloor(environment);
  if (!laidOut) return cells;
  const { floor, scene } = laidOut;
  const add = (kind: string, id: string) => {
    const cell = floor.cellOf(id);
    if (cell !== undefined) cells.set(id, { x: floor.x(cell), y: floor.y(cell), name: `${kind} ${id}` });
  };
  for (const pickup of scene.elements.pickups) add('Pickup', pickup.id);
  for (const dropoff of scene.elements.dropoffs) add('Dropoff', dropoff.id);
  return cells;
}

/**
 * What each named cell of the floor is, by "x,y": a station's, a pickup's or a dropoff's own cell
 * (where its robot stands: the floor's, `Floor.cellOf`), or a free cell beside a dropoff, where
 * robots wait for it, so a planner tells a dock's queue from a jam in an aisle. Cells beside
 * pickups are not named: in a pick aisle nearly every cell is beside one.
 */
function cellNames(environment: LooseEnvironmentShape): Map<string, { place: string } | { beside: string }> {
  const names = new Map<string, { place: string } | { beside: string }>();
  const laidOut = placesFloor(environment);
  // A layout the floor cannot be laid out from names no cells.
  if (!laidOut) return names;
  const { floor } = laidOut;
  const { elements } = laidOut.scene;
  const key = (cell: number) => `${floor.x(cell)},${floor.y(cell)}`;
  const name = (kind: string, id: string) => {
    const cell = floor.cellOf(id);
    if (cell !== undefined) names.set(key(cell), { place: `${kind} ${id}` });
    return cell;
  };
  for (const station of elements.robot_stations) name('Station', station.id);
  for (const pickup of elements.pickups) name('Pickup', pickup.id);
  for (const dropoff of elements.dropoffs) {
    const cell = name('Dropoff', dropoff.id);
    if (cell === undefined) continue;
    for (let k = 0; k < 4; k++) {
      const next = floor.neighbours[cell * 4 + k];
      if (next >= 0 && !names.has(key(next))) names.set(key(next), { beside: `dropoff ${dropoff.id}` });
    }
  }
  return names;
}

/** A congested cell as the lists name it: `Dropoff D1 (4, 9)`, `Cell (4, 8) beside dropoff D1`, `Cell (2, 3)`. */
function cellText(names: ReadonlyMap<string, { place: string } | { beside: string }>, x: number, y: number): string {
  const named = names.get(`${x},${y}`);
  if (named === undefined) return `Cell (${x}, ${y})`;
  return 'place' in named ? `${named.place} (${x}, ${y})` : `Cell (${x}, ${y}) beside ${named.beside}`;
}

/**
 * The heat map with each station cell's charger queue and each cell's share of the docks' queues
 * taken out: what is left is waiting for other robots (in aisles and crossings, and robots setting
 * out from, or coming home to, a station one after another).
 */
function trafficHeatmap(
  heatmap: ExecutionRecord['heatmap'],
  stations: ReadonlyMap<string, { x: number; y: number }>,
  chargerQueueS: Readonly<Record<string, number>>,
): ExecutionRecord['heatmap'] {
  const docked = heatmap.dock_queue_s;
  const wait_s = docked
    ? heatmap.wait_s.map((seconds, k) => Math.max(0, seconds - (docked[k] ?? 0)))
    : [...heatmap.wait_s];
  for (const [id, cell] of stations) {
    const index = cell.y * heatmap.width + cell.x;
    if (index < wait_s.length) wait_s[index] = Math.max(0, wait_s[index] - (chargerQueueS[id] ?? 0));
  }
  return { ...heatmap, wait_s };
}

/**
 * The results map with the congestion heat map: where robots waited (blocked by others, queued
 * beside a pickup or dropoff, or queued at a charger) while every robot ran the plan on the shared
 * floor, so a planner sees which aisle or intersection chokes; the five cells waited on longest for
 * other robots, each named by what stands there or the dropoff it is beside (`cellNames`) and
 * shown on the map (heat map on, centred, outlined) at a click. The docks' queues and the charger
 * queues are listed apart, per dock and per station, as the run counted them: a cell's waiting
 * beyond its queues is traffic and counts as such.
 */
export function CongestionMap({ environment, heatmap, chargerQueueS, dockQueueS, shift = false }: CongestionMapProps) {
  const [showHeatmap, setShowHeatmap] = useState(false);
  const [focused, setFocused] = useState<{ x: number; y: number } | null>(null);
  const maxSeconds = useMemo(() => heatmapMaxSeconds(heatmap), [heatmap]);
  const stations = useMemo(() => stationCells(environment), [environment]);
  const names = useMemo(() => cellNames(environment), [environment]);
  const hottest = useMemo(
    () => hottestCells(trafficHeatmap(heatmap, stations, chargerQueueS), HOTTEST_SHOWN),
    [heatmap, stations, chargerQueueS],
  );
  const queues = useMemo(
    () =>
      [...stations]
        .map(([id, cell]) => ({ id, ...cell, seconds: chargerQueueS[id] ?? 0 }))
        .filter((queue) => queue.seconds > 0)
        .sort((a, b) => b.seconds - a.seconds || a.y - b.y || a.x - b.x)
        .slice(0, HOTTEST_SHOWN),
    [stations, chargerQueueS],
  );
  const docks = useMemo(() => dockCells(environment), [environment]);
  const dockQueues = useMemo(
    () =>
      Object.entries(dockQueueS ?? {})
        .flatMap(([id, seconds]) => {
          const cell = docks.get(id);
          return cell && seconds > 0 ? [{ ...cell, seconds }] : [];
        })
        .sort((a, b) => b.seconds - a.seconds || a.y - b.y || a.x - b.x)
        .slice(0, HOTTEST_SHOWN),
    [docks, dockQueueS],
  );
  const showCell = (cell: { x: number; y: number }) => {
    setShowHeatmap(true);
    setFocused(cell);
  };

  return (
    <section className={`${card} p-5`} aria-labelledby="congestion-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="congestion-heading" className="text-lg font-semibold text-white">
            Congestion
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            {shift
              ? 'Seconds robots waited on each cell as the shift ran, every robot on the floor at once.'
              : 'Seconds robots waited on each cell when every robot ran the plan at once.'}
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
            {queues.length === 0 && dockQueues.length === 0
              ? 'No robot waited anywhere.'
              : 'No robot waited for another robot.'}
          </p>
        ) : (
          <CellList
            labelledBy="hottest-cells-heading"
            cells={hottest.map((cell) => ({
              ...cell,
              text: `${cellText(names, cell.x, cell.y)}: ${formatCompletionTime(cell.seconds)} waiting`,
            }))}
            focused={focused}
            onShow={showCell}
          />
        )}
        <QueueList
          id="dock-queue-cells-heading"
          heading="Dock queues"
          cells={dockQueues.map((cell) => ({
            ...cell,
            text: `${cell.name} (${cell.x}, ${cell.y}): ${formatCompletionTime(cell.seconds)} queued for it`,
          }))}
          focused={focused}
          onShow={showCell}
        />
        <QueueList
          id="charger-queue-cells-heading"
          heading="Charger queues"
          cells={queues.map((cell) => ({
            ...cell,
            text: `Station ${cell.id} (${cell.x}, ${cell.y}): ${formatCompletionTime(cell.seconds)} queued`,
          }))}
          focused={focused}
          onShow={showCell}
        />
      </div>
    </section>
  );
}

/** A list of queues under its heading; nothing when no robot queued there. */
function QueueList({ id, heading, ...list }: Omit<CellListProps, 'labelledBy'> & { id: string; heading: string }) {
  if (list.cells.length === 0) return null;
  return (
    <>
      <h3 id={id} className="mt-3 text-sm font-semibold text-slate-200">
        {heading}
      </h3>
      <CellList labelledBy={id} {...list} />
    </>
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

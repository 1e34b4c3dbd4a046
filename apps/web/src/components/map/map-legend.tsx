import { LAYOUT_COLORS } from '../../map-drawing/render-layout.ts';
import type { SceneElements } from '../../map-drawing/layout-scene.ts';
import { TRAFFIC_COLORS } from '../../map-drawing/traffic-rules-drawing.ts';

interface LegendEntry {
  readonly label: string;
  readonly color: string;
  readonly shape: 'square' | 'circle' | 'diamond';
}

// Spec §2: the detail map's legend names exactly these four element kinds.
const LEGEND_ENTRIES: readonly LegendEntry[] = [
  { label: 'Shelves', color: LAYOUT_COLORS.shelf, shape: 'square' },
  { label: 'Dropoff Points', color: LAYOUT_COLORS.dropoff, shape: 'square' },
  { label: 'Robot Stations', color: LAYOUT_COLORS.robotStation, shape: 'diamond' },
  { label: 'Pickup Points', color: LAYOUT_COLORS.pickupSelected, shape: 'circle' },
];

function swatchClass(shape: LegendEntry['shape']): string {
  if (shape === 'circle') return 'inline-block h-3 w-3 rounded-full';
  if (shape === 'diamond') return 'inline-block h-2.5 w-2.5 rotate-45';
  return 'inline-block h-3 w-3 rounded-sm';
}

/** Which traffic rules a layout has: the legend names those it draws, and only those. */
export function trafficRulesOf(
  elements: Pick<SceneElements, 'one_way_aisles' | 'keep_clear_cells'>,
): TrafficRulesShown {
  return {
    oneWayAisles: (elements.one_way_aisles?.length ?? 0) > 0,
    keepClearCells: (elements.keep_clear_cells?.length ?? 0) > 0,
  };
}

export interface TrafficRulesShown {
  readonly oneWayAisles: boolean;
  readonly keepClearCells: boolean;
}

/** The spec's four entries, and the traffic rules when the map draws some. */
export function MapLegend({
  trafficRules,
  highlightLabel,
}: {
  readonly trafficRules?: TrafficRulesShown;
  /** What the rings round highlighted points mean, when the map draws some. */
  readonly highlightLabel?: string;
}) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300">
      {LEGEND_ENTRIES.map((entry) => (
        <li key={entry.label} className="flex items-center gap-2">
          <span aria-hidden="true" className={swatchClass(entry.shape)} style={{ backgroundColor: entry.color }} />
          {entry.label}
        </li>
      ))}
      {highlightLabel && (
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm border-2"
            style={{ borderColor: LAYOUT_COLORS.highlight }}
          />
          {highlightLabel}
        </li>
      )}
      {trafficRules?.oneWayAisles && (
        <li className="flex items-center gap-2">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 12"
            className="h-3 w-5 rounded-sm"
            style={{ backgroundColor: TRAFFIC_COLORS.oneWayBand }}
          >
            <polyline points="5,3 9,6 5,9" fill="none" stroke={TRAFFIC_COLORS.oneWayArrow} strokeWidth="1.5" />
            <polyline points="11,3 15,6 11,9" fill="none" stroke={TRAFFIC_COLORS.oneWayArrow} strokeWidth="1.5" />
          </svg>
          One-Way Aisles
        </li>
      )}
      {trafficRules?.keepClearCells && (
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-3 w-3 rounded-sm border"
            style={{
              borderColor: TRAFFIC_COLORS.keepClear,
              backgroundImage: `repeating-linear-gradient(45deg, ${TRAFFIC_COLORS.keepClear} 0 1px, transparent 1px 3px)`,
            }}
          />
          Keep-Clear Cells
        </li>
      )}
    </ul>
  );
}

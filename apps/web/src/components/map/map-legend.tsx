import { LAYOUT_COLORS } from '../../map-drawing/render-layout.ts';

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

export function MapLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300">
      {LEGEND_ENTRIES.map((entry) => (
        <li key={entry.label} className="flex items-center gap-2">
          <span aria-hidden="true" className={swatchClass(entry.shape)} style={{ backgroundColor: entry.color }} />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

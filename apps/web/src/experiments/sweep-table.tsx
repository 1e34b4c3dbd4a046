import { DataTable, type DataTableColumn } from '../components/ui/data-table.tsx';
import { linkText } from '../components/ui/styles.ts';
import { formatNumber, SWEEP_FIGURES, type SweepRow } from './experiment-figures.ts';
import { PointSolveLinkCell, PointStatusCell, PointTableNotes, SoonerThanPlanMark } from './point-cells.tsx';

// Units sit in the headers and headers break between words, so twelve columns fit a 1280 px screen.
const sweepColumns = (axisLabel: string): readonly DataTableColumn[] => [
  { label: axisLabel },
  ...SWEEP_FIGURES.map((figure) => ({ label: figure.label })),
  { label: 'Status' },
  { label: 'Solve' },
];

interface SweepTableProps {
  readonly rows: readonly SweepRow[];
  readonly knee: SweepRow | null;
  readonly selectedSolveId: number | null;
  readonly onSelect: (row: SweepRow) => void;
  /** What the sweep varies: 'Robots' or 'Chargers'. */
  readonly axisLabel?: string;
  /** The marked row's badge: 'Knee', or 'Largest tested' when the rule found no knee in the range. */
  readonly kneeBadge?: string;
}

/** The sweep's numbers, one row per robot count; the knee row is marked, a row selects the utilisation view. */
export function SweepTable({
  rows,
  knee,
  selectedSolveId,
  onSelect,
  axisLabel = 'Robots',
  kneeBadge = 'Knee',
}: SweepTableProps) {
  return (
    <>
      <DataTable ariaLabel="Sweep results" columns={sweepColumns(axisLabel)} density="compact">
        {rows.map((row) => {
          const isKnee = row === knee;
          const selected = row.solveId === selectedSolveId;
          return (
            <tr
              key={row.solveId}
              data-knee={isKnee || undefined}
              className={isKnee ? 'bg-amber-500/10' : selected ? 'bg-slate-800/60' : undefined}
            >
              <th scope="row" className="px-2 py-2 font-semibold text-white">
                <button
                  type="button"
                  aria-pressed={selected}
                  className={`${linkText} font-mono`}
                  onClick={() => onSelect(row)}
                  title="Show utilisation per robot"
                >
                  {row.x ?? 'All'}
                </button>
                {isKnee && (
                  <span className="mt-1 block w-min rounded bg-amber-500/20 px-1.5 py-0.5 text-xs text-amber-200">
                    {kneeBadge}
                  </span>
                )}
              </th>
              {SWEEP_FIGURES.map((figure) => (
                <td key={figure.csv} className="px-2 py-2 text-slate-200">
                  {formatNumber(figure.value(row), figure.digits)}
                  {figure.value(row) === null ? '' : figure.suffix}
                  {'marked' in figure && figure.marked(row) && <SoonerThanPlanMark />}
                </td>
              ))}
              <PointStatusCell status={row.status} error={row.error} />
              <PointSolveLinkCell solveId={row.solveId} label="View" />
            </tr>
          );
        })}
      </DataTable>
      <PointTableNotes rows={rows} />
    </>
  );
}

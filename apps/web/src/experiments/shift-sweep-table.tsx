import { DataTable, type DataTableColumn } from '../components/ui/data-table.tsx';
import { formatGrouped, formatShortDuration } from '../lib/display-format.ts';
import { PointSolveLinkCell, PointStatusCell } from './point-cells.tsx';
import type { ShiftSweepRow } from './shift-sweep-figures.ts';

const columns = (settingLabel: string): readonly DataTableColumn[] => [
  { label: settingLabel },
  { label: 'Released' },
  { label: 'Delivered' },
  { label: 'Per hour' },
  { label: 'Cycle P50' },
  { label: 'Cycle P95' },
  { label: 'Open at most' },
  { label: 'Open at end' },
  { label: 'Backlog' },
  { label: 'Busy' },
  { label: 'Status' },
  { label: 'Solve' },
];

// Short durations ('58.6 s', '23.6 min') and headers that break between words keep twelve columns inside a 1280 px screen.
const cell = 'whitespace-nowrap px-2 py-2 tabular-nums text-slate-200';
const count = (value: number | undefined) => (value === undefined ? '—' : formatGrouped(value));
const cycle = (value: number | null | undefined) => (value == null ? '—' : formatShortDuration(value));

export interface ShiftSweepTableProps {
  readonly rows: readonly ShiftSweepRow[];
  /** The first column's header: 'Orders/h', 'Robots', 'Chargers', 'Algorithm'. */
  readonly settingLabel: string;
  /** The row the experiment's answer names, marked with `badge`. */
  readonly answer: ShiftSweepRow | null;
  readonly badge: string;
}

/** A shift experiment's points: each shift's figures, stable or growing, the answer's row marked. */
export function ShiftSweepTable({ rows, settingLabel, answer, badge }: ShiftSweepTableProps) {
  return (
    <DataTable ariaLabel="Shift results by point" columns={columns(settingLabel)} density="compact">
      {rows.map((row) => {
        const marked = answer !== null && row.solveId === answer.solveId;
        const shift = row.shift;
        return (
          <tr key={row.solveId} data-answer={marked || undefined} className={marked ? 'bg-amber-500/10' : undefined}>
            <th scope="row" className="px-2 py-2 font-mono font-semibold text-white">
              {row.label}
              {marked && (
                <span className="mt-1 block w-min rounded bg-amber-500/20 px-1.5 py-0.5 font-sans text-xs text-amber-200">
                  {badge}
                </span>
              )}
            </th>
            <td className={cell}>{count(shift?.released)}</td>
            <td className={cell}>{count(shift?.delivered)}</td>
            <td className={cell}>{shift ? formatGrouped(shift.throughput_per_h, 1) : '—'}</td>
            <td className={cell}>{cycle(shift?.cycle_p50_s)}</td>
            <td className={cell}>{cycle(shift?.cycle_p95_s)}</td>
            <td className={cell}>{count(shift?.backlog_max)}</td>
            <td className={cell}>{count(shift?.backlog_end)}</td>
            <td
              className={`px-2 py-2 ${shift?.backlog_trend === 'growing' ? 'font-semibold text-red-300' : 'text-emerald-300'}`}
            >
              {shift ? (shift.backlog_trend === 'growing' ? 'Growing' : 'Stable') : '—'}
            </td>
            <td className={cell}>{shift ? `${formatGrouped(shift.utilisation_pct, 1)}%` : '—'}</td>
            <PointStatusCell status={row.status} error={row.error} />
            <PointSolveLinkCell solveId={row.solveId} label="View" />
          </tr>
        );
      })}
    </DataTable>
  );
}

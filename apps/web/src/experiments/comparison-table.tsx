import { ALGORITHM_BY_NAME, pointUnfinished } from '@fleetlab/warehouse';
import { DataTable, type DataTableColumn } from '../components/ui/data-table.tsx';
import { formatDistance, formatRuntime } from '../lib/display-format.ts';
import {
  bestComparisonRow,
  formatGap,
  formatNumber,
  formatSeconds,
  soonerThanPlan,
  type ComparisonRow,
} from './experiment-figures.ts';
import { PointSolveLinkCell, PointStatusCell, PointTableNotes, SoonerThanPlanMark } from './point-cells.tsx';

const COMPARISON_COLUMNS: readonly DataTableColumn[] = [
  { label: 'Algorithm' },
  { label: 'Planned' },
  { label: 'With traffic' },
  { label: 'Waiting for robots' },
  { label: 'Dock queue' },
  { label: 'Charger queue' },
  { label: 'Distance' },
  { label: 'Recharges' },
  { label: 'Gap' },
  { label: 'Runtime' },
  { label: 'Status' },
  { label: 'Solve' },
];

/** One row per algorithm; the lowest makespan is highlighted and each row links to its solve. */
export function ComparisonTable({ rows }: { readonly rows: readonly ComparisonRow[] }) {
  const best = bestComparisonRow(rows);
  // While other algorithms still run, the best is the best so far.
  const bestLabel = rows.some(pointUnfinished) ? 'Best so far' : 'Best';
  return (
    <>
      <DataTable ariaLabel="Algorithm comparison" columns={COMPARISON_COLUMNS} density="compact">
        {rows.map((row) => {
          const isBest = row === best;
          return (
            <tr key={row.solveId} data-best={isBest || undefined} className={isBest ? 'bg-emerald-500/10' : undefined}>
              <th scope="row" className="px-2 py-2 font-semibold text-white">
                {ALGORITHM_BY_NAME[row.algorithm].label}
                {isBest && (
                  <span className="ml-2 rounded bg-emerald-500/20 px-1.5 py-0.5 text-xs text-emerald-200">
                    {bestLabel}
                  </span>
                )}
              </th>
              <td className="px-2 py-2 text-slate-200">{formatSeconds(row.makespan)}</td>
              <td className="px-2 py-2 text-slate-200">
                {formatSeconds(row.executedMakespan)}
                {soonerThanPlan(row) && <SoonerThanPlanMark />}
              </td>
              <td className="px-2 py-2 text-slate-200">{formatSeconds(row.waitingForRobots)}</td>
              <td className="px-2 py-2 text-slate-200">{formatSeconds(row.dockQueue)}</td>
              <td className="px-2 py-2 text-slate-200">{formatSeconds(row.chargerQueue)}</td>
              <td className="px-2 py-2 text-slate-200">{row.distance === null ? '—' : formatDistance(row.distance)}</td>
              <td className="px-2 py-2 text-slate-200">{formatNumber(row.recharges, 0)}</td>
              <td className="px-2 py-2 text-slate-200">{formatGap(row.gap)}</td>
              <td className="px-2 py-2 text-slate-200">
                {row.runtimeMs === null ? '—' : formatRuntime(row.runtimeMs)}
              </td>
              <PointStatusCell status={row.status} error={row.error} />
              <PointSolveLinkCell solveId={row.solveId} label="View solve" />
            </tr>
          );
        })}
      </DataTable>
      <PointTableNotes rows={rows} />
    </>
  );
}

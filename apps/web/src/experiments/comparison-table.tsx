import { Link } from 'react-router';
import { StatusBadge } from '../components/ui/badges.tsx';
import { linkText } from '../components/ui/styles.ts';
import { ALGORITHM_LABELS, bestComparisonRow, formatGap, formatNumber, formatSeconds, type ComparisonRow } from './experiment-figures.ts';

/** One row per algorithm; the lowest makespan is highlighted and each row links to its solve. */
export function ComparisonTable({ rows }: { readonly rows: readonly ComparisonRow[] }) {
  const best = bestComparisonRow(rows);
  return (
    <div className="overflow-x-auto">
      <table aria-label="Algorithm comparison" className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wider text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">Algorithm</th>
            <th scope="col" className="px-4 py-2 font-semibold">Makespan</th>
            <th scope="col" className="px-4 py-2 font-semibold">Distance</th>
            <th scope="col" className="px-4 py-2 font-semibold">Recharges</th>
            <th scope="col" className="px-4 py-2 font-semibold">Gap</th>
            <th scope="col" className="px-4 py-2 font-semibold">Runtime</th>
            <th scope="col" className="px-4 py-2 font-semibold">Status</th>
            <th scope="col" className="px-4 py-2 font-semibold">Solve</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {rows.map((row) => {
            const isBest = row === best;
            return (
              <tr key={row.solveId} data-best={isBest || undefined} className={isBest ? 'bg-emerald-500/10' : undefined}>
                <th scope="row" className="px-4 py-2 font-semibold text-white">
                  {ALGORITHM_LABELS[row.algorithm]}
                  {isBest && <span className="ml-2 rounded bg-emerald-500/20 px-1.5 py-0.5 text-xs text-emerald-200">Best</span>}
                </th>
                <td className="px-4 py-2 text-slate-200">{formatSeconds(row.makespan)}</td>
                <td className="px-4 py-2 text-slate-200">{row.distance === null ? '—' : `${row.distance.toFixed(1)} m`}</td>
                <td className="px-4 py-2 text-slate-200">{formatNumber(row.recharges, 0)}</td>
                <td className="px-4 py-2 text-slate-200">{formatGap(row.gap)}</td>
                <td className="px-4 py-2 text-slate-200">{row.runtimeMs === null ? '—' : `${Math.round(row.runtimeMs)} ms`}</td>
                <td className="px-4 py-2">
                  <StatusBadge status={row.status} />
                  {row.error && <span className="ml-2 text-xs text-red-300">{row.error}</span>}
                </td>
                <td className="px-4 py-2">
                  <Link to={`/solves/${row.solveId}`} className={linkText}>
                    View solve
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

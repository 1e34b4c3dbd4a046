import { Link } from 'react-router';
import { StatusBadge } from '../components/ui/badges.tsx';
import { linkText } from '../components/ui/styles.ts';
import { formatGap, formatNumber, formatSeconds, type SweepRow } from './experiment-figures.ts';

interface SweepTableProps {
  readonly rows: readonly SweepRow[];
  readonly knee: SweepRow | null;
  readonly selectedSolveId: number | null;
  readonly onSelect: (row: SweepRow) => void;
}

/** The sweep's numbers, one row per robot count; the knee row is marked, a row selects the utilisation view. */
export function SweepTable({ rows, knee, selectedSolveId, onSelect }: SweepTableProps) {
  return (
    <div className="overflow-x-auto">
      <table aria-label="Sweep results" className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wider text-slate-400">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">Robots</th>
            <th scope="col" className="px-4 py-2 font-semibold">Makespan</th>
            <th scope="col" className="px-4 py-2 font-semibold">Deliveries/hour</th>
            <th scope="col" className="px-4 py-2 font-semibold">Lower bound</th>
            <th scope="col" className="px-4 py-2 font-semibold">Gap</th>
            <th scope="col" className="px-4 py-2 font-semibold">Status</th>
            <th scope="col" className="px-4 py-2 font-semibold">Solve</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {rows.map((row) => {
            const isKnee = row === knee;
            const selected = row.solveId === selectedSolveId;
            return (
              <tr key={row.solveId} data-knee={isKnee || undefined} className={isKnee ? 'bg-amber-500/10' : selected ? 'bg-slate-800/60' : undefined}>
                <th scope="row" className="px-4 py-2 font-semibold text-white">
                  <button
                    type="button"
                    aria-pressed={selected}
                    className={`${linkText} font-mono`}
                    onClick={() => onSelect(row)}
                    title="Show utilisation per robot"
                  >
                    {row.robotCount ?? 'All'}
                  </button>
                  {isKnee && <span className="ml-2 rounded bg-amber-500/20 px-1.5 py-0.5 text-xs text-amber-200">Knee</span>}
                </th>
                <td className="px-4 py-2 text-slate-200">{formatSeconds(row.makespan)}</td>
                <td className="px-4 py-2 text-slate-200">{formatNumber(row.deliveriesPerHour, 1)}</td>
                <td className="px-4 py-2 text-slate-200">{formatSeconds(row.lowerBound)}</td>
                <td className="px-4 py-2 text-slate-200">{formatGap(row.gap)}</td>
                <td className="px-4 py-2">
                  <StatusBadge status={row.status} />
                  {row.error && <span className="ml-2 text-xs text-red-300">{row.error}</span>}
                </td>
                <td className="px-4 py-2">
                  <Link to={`/solves/${row.solveId}`} className={linkText}>
                    View
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

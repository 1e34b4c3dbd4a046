import { useSolve } from '../api/hooks.ts';
import { formatPercent1 } from '../lib/display-format.ts';
import { Alert } from '../components/ui/alert.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { robotUtilisation } from './experiment-figures.ts';

/** Busy time over makespan for every robot of one completed point's solve. */
export function RobotUtilisation({ solveId, title }: { readonly solveId: number; readonly title: string }) {
  const solve = useSolve(solveId);
  const rows = robotUtilisation(solve.data?.status === 'completed' ? solve.data.results : null);
  return (
    <section aria-label="Utilisation per robot" className="space-y-3">
      <h3 className="text-sm font-semibold text-white">{title}</h3>
      {solve.isPending ? (
        <Spinner label="Loading solve" className="h-5 w-5" />
      ) : solve.isError ? (
        <Alert tone="error">Failed to load solve details. Please try again later.</Alert>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-400">Utilisation appears when this point has completed.</p>
      ) : (
        <ul className="space-y-1.5">
          {rows.map((row) => {
            const percent = row.utilisation * 100;
            return (
              <li key={row.robotId} className="grid grid-cols-[5rem_1fr_4rem] items-center gap-3 text-sm">
                <span className="font-mono text-slate-300">{row.robotId}</span>
                <span className="h-2.5 overflow-hidden rounded-full bg-slate-800" aria-hidden="true">
                  <span className="block h-full rounded-full bg-indigo-400" style={{ width: `${percent}%` }} />
                </span>
                <span className="text-right text-slate-200" role="note" aria-label={`${row.robotId} utilisation`}>
                  {formatPercent1(percent)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

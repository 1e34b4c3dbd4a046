import { Link } from 'react-router';
import { SOONER_THAN_PLAN } from '../components/results/execution-figures.ts';
import { StatusBadge } from '../components/ui/badges.tsx';
import { linkText } from '../components/ui/styles.ts';
import { soonerThanPlan } from './experiment-figures.ts';

/** An experiment point's solve status, with the solver's error beside it when the point failed. */
export function PointStatusCell({ status, error }: { readonly status: string; readonly error: string | null }) {
  return (
    <td className="px-2 py-2">
      <StatusBadge status={status} />
      {error && <span className="ml-2 text-xs text-red-300">{error}</span>}
    </td>
  );
}

/** The link from an experiment point to the solve that ran it. */
export function PointSolveLinkCell({ solveId, label }: { readonly solveId: number; readonly label: string }) {
  return (
    <td className="px-2 py-2">
      <Link to={`/solves/${solveId}`} className={linkText}>
        {label}
      </Link>
    </td>
  );
}

/** The mark beside a With traffic figure below its plan's; `SoonerThanPlanNote` under the table says why. */
export function SoonerThanPlanMark() {
  return (
    <span className="ml-0.5 text-amber-200" title={SOONER_THAN_PLAN}>
      *
    </span>
  );
}

/** Under a table with a marked row: why a day on the floor may end before its plan. */
function SoonerThanPlanNote({ shown }: { readonly shown: boolean }) {
  if (!shown) return null;
  return <p className="mt-2 text-xs text-slate-400">* {SOONER_THAN_PLAN}</p>;
}

/** Under a table of points: why a marked day ended before its plan, and what the waiting figures add up. */
export function PointTableNotes({
  rows,
}: {
  readonly rows: readonly {
    readonly makespan: number | null;
    readonly executedMakespan: number | null;
    readonly waitingForRobots: number | null;
  }[];
}) {
  return (
    <>
      <SoonerThanPlanNote shown={rows.some(soonerThanPlan)} />
      <RobotTimeNote shown={rows.some((row) => row.waitingForRobots !== null)} />
    </>
  );
}

/**
 * Under a table with waiting figures: they are robot time added over the fleet, so they are not
 * how much later than planned the day ends (nine robots each waiting 20 s make 180 s of waiting
 * on a day that may end seconds later).
 */
function RobotTimeNote({ shown }: { readonly shown: boolean }) {
  if (!shown) return null;
  return (
    <p className="mt-2 text-xs text-slate-400">
      Waiting for robots, Dock queue and Charger queue are robot time on the shared floor, added over every robot (10
      robots waiting 10 s each make 100 s): they can exceed how much later than planned the day ends.
    </p>
  );
}

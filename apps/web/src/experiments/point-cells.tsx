import { Link } from 'react-router';
import { SOONER_THAN_PLAN } from '../components/results/execution-figures.ts';
import { StatusBadge } from '../components/ui/badges.tsx';
import { linkText } from '../components/ui/styles.ts';

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
export function SoonerThanPlanNote({ shown }: { readonly shown: boolean }) {
  if (!shown) return null;
  return <p className="mt-2 text-xs text-slate-400">* {SOONER_THAN_PLAN}</p>;
}

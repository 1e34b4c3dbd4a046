import { Link } from 'react-router';
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

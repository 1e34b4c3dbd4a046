import type { TaskDetails } from '../../api/types.ts';
import { formatPoint } from '../../lib/display-format.ts';

/** A task's pickup-dropoff pairs as a numbered table, or its start and end point (spec §2). */
export function TaskLocations({ details }: { details: TaskDetails | null | undefined }) {
  const pairs = details?.tasks ?? [];
  if (pairs.length > 0) {
    return (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wider text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">#</th>
              <th scope="col" className="px-3 py-2 font-semibold">Pickup</th>
              <th scope="col" className="px-3 py-2 font-semibold">Dropoff</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {pairs.map(([pickup, dropoff], index) => (
              <tr key={`${index}-${pickup}-${dropoff}`}>
                <td className="px-3 py-1.5 text-slate-400">{index + 1}</td>
                <td className="px-3 py-1.5 font-mono text-sky-300">{pickup}</td>
                <td className="px-3 py-1.5 font-mono text-emerald-300">{dropoff}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div>
        <dt className="text-xs text-slate-400">Start Point</dt>
        <dd className="font-mono text-slate-100">{formatPoint(details?.start_point)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-400">End Point</dt>
        <dd className="font-mono text-slate-100">{formatPoint(details?.end_point)}</dd>
      </div>
    </dl>
  );
}

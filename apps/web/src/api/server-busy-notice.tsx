import { useEffect, useState } from 'react';
import { useSecondsUntil } from '../lib/use-seconds-until.ts';
import { onServerBusy, type ServerBusyState } from './client.ts';

/**
 * A calm note while calls wait out a busy server (429 or 503 with Retry-After): the client sends
 * them again by itself, so the planner only needs to know why the page is slower than usual.
 */
export function ServerBusyNotice() {
  const [state, setState] = useState<ServerBusyState>({ waitingCalls: 0, retryAtMs: null });
  useEffect(() => onServerBusy(setState), []);
  const seconds = useSecondsUntil(state.waitingCalls === 0 ? null : state.retryAtMs);
  if (state.waitingCalls === 0) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-50 -translate-x-1/2 rounded-lg border border-indigo-500/40 bg-slate-900/95 px-4 py-3 text-sm text-indigo-100 shadow-lg"
    >
      Fleetlab is busy right now. {seconds > 0 ? `Trying again in ${seconds} s…` : 'Trying again…'} Nothing you entered
      is lost.
    </div>
  );
}

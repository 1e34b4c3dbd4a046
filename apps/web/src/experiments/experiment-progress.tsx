import type { ExperimentRecord } from '@fleetlab/warehouse';
import { experimentProgressFraction } from './experiment-figures.ts';

/** 'N of M points finished' with a bar; shown while an experiment runs. */
export function ExperimentProgress({ progress }: { readonly progress: ExperimentRecord['progress'] }) {
  const finished = progress.completed + progress.failed;
  const percent = Math.round(experimentProgressFraction(progress) * 100);
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label="Experiment progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-800"
      >
        <div className="h-full rounded-full bg-blue-400 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-400">
        {finished} of {progress.total} points finished
        {progress.failed > 0 ? ` (${progress.failed} failed)` : ''}
      </p>
    </div>
  );
}

import type { SolveExportSource } from '@fleetlab/warehouse';
import { buttonSecondary } from '../ui/styles.ts';
import { downloadTextFile } from '../../lib/download-text-file.ts';
import { planToCsv, solveFileName, solveToJson } from './plan-export.ts';

export interface PlanExportButtonsProps {
  /** The solve as loaded: the JSON export is the whole record. */
  readonly solve: SolveExportSource;
  readonly results: Readonly<Record<string, unknown>> | null | undefined;
}

export function PlanExportButtons({ solve, results }: PlanExportButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => downloadTextFile(solveFileName(solve.id, 'json'), solveToJson(solve), 'application/json')}
      >
        Export JSON
      </button>
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => downloadTextFile(solveFileName(solve.id, 'csv'), planToCsv(results), 'text/csv')}
      >
        Export CSV
      </button>
    </div>
  );
}

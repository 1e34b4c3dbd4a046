import { buttonSecondary } from '../ui/styles.ts';
import { downloadTextFile } from '../../lib/download-text-file.ts';
import { planFileName, planToCsv, planToJson } from './plan-export.ts';

export interface PlanExportButtonsProps {
  readonly solveId: number | string;
  readonly results: Readonly<Record<string, unknown>> | null | undefined;
}

export function PlanExportButtons({ solveId, results }: PlanExportButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => downloadTextFile(planFileName(solveId, 'json'), planToJson(results), 'application/json')}
      >
        Export JSON
      </button>
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => downloadTextFile(planFileName(solveId, 'csv'), planToCsv(results), 'text/csv')}
      >
        Export CSV
      </button>
    </div>
  );
}

import type { ExecutionRecord } from '@fleetlab/warehouse';
import { buttonSecondary } from '../ui/styles.ts';
import { downloadTextFile } from '../../lib/download-text-file.ts';
import type { LooseEnvironmentShape } from '../../map-drawing/layout-scene.ts';
import { planVizFiles, vda5050File, type ExportFile } from './field-export.ts';

export interface FieldExportButtonsProps {
  readonly solveId: number | string;
  readonly environment: (LooseEnvironmentShape & { readonly name?: string }) | null | undefined;
  readonly results: Readonly<Record<string, unknown>> | null | undefined;
  readonly execution: ExecutionRecord | null | undefined;
  readonly robotSpeed: number | undefined;
}

const download = (file: ExportFile) => downloadTextFile(file.name, file.text, file.mimeType);

/** Export PlanViz (needs the execution on the floor) and Export VDA 5050 (needs the plan and its layout). */
export function FieldExportButtons({ solveId, environment, results, execution, robotSpeed }: FieldExportButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonSecondary}
        disabled={!environment || !execution}
        title="The execution in the League of Robot Runners output format, with the floor's .map, for PlanViz"
        onClick={() => {
          if (environment && execution) planVizFiles(solveId, environment, execution).forEach(download);
        }}
      >
        Export PlanViz
      </button>
      <button
        type="button"
        className={buttonSecondary}
        disabled={!environment || !results}
        title="The plan as VDA 5050 2.1.0 orders, one per robot and trip, for a fleet manager"
        onClick={() => {
          if (environment && results) download(vda5050File(solveId, environment, results, robotSpeed));
        }}
      >
        Export VDA 5050
      </button>
    </div>
  );
}

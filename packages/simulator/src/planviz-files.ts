import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { planVizExport, type ExecutionRecord, type FloorEnvironment } from '@fleetlab/warehouse';

/**
 * Writes an execution's PlanViz files into `directory` (created if missing): `NAME.json`, the
 * League of Robot Runners output PlanViz replays, and `NAME.map`, the floor it is drawn on.
 * Returns the two paths. Both are built before either is written.
 */
export async function writePlanVizFiles(
  directory: string,
  name: string,
  environment: FloorEnvironment,
  execution: ExecutionRecord,
): Promise<{ plan: string; map: string }> {
  const { output, map } = planVizExport(environment, execution);
  await mkdir(directory, { recursive: true });
  const paths = { plan: join(directory, `${name}.json`), map: join(directory, `${name}.map`) };
  await writeFile(paths.map, map);
  await writeFile(paths.plan, `${JSON.stringify(output)}\n`);
  return paths;
}

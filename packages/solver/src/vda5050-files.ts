import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { vda5050Orders, type FloorEnvironment, type PlanResultsRecord } from '@fleetlab/warehouse';

/**
 * Writes a plan's VDA 5050 orders into `directory` (created if missing), one file per order,
 * `ORDERID.json` (`R1_1-1.json`, ...). Every order is built before any file is written. Returns
 * the file names in order.
 */
export async function writeVda5050Files(
  directory: string,
  environment: FloorEnvironment & { name?: string },
  results: PlanResultsRecord,
  options: { maxSpeed?: number; start?: Date },
): Promise<string[]> {
  const orders = vda5050Orders(environment, results, { mapId: environment.name ?? 'fleetlab', ...options });
  await mkdir(directory, { recursive: true });
  const names: string[] = [];
  for (const order of orders) {
    const name = `${order.orderId}.json`;
    await writeFile(join(directory, name), `${JSON.stringify(order, null, 2)}\n`);
    names.push(name);
  }
  return names;
}

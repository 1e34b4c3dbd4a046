import { buildWebApp, startFleetlab } from './fleetlab-server.ts';

/** Builds the web app, starts one embedded-mode server for the whole run, and stops it after. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  buildWebApp();
  const server = await startFleetlab(Number(process.env.E2E_PORT ?? 3199));
  process.env.FLEETLAB_E2E_LOG = server.logFile;
  return () => server.stop();
}

/** The logging the queue needs; Fastify's (pino) logger fits it, and so does `consoleJobLogger`. */
export interface JobLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One line per event on the process's output, for the stand-alone worker and the scripts. */
export const consoleJobLogger: JobLogger = {
  info: (details, message) => console.log(`[fleetlab] ${message}${describe(details)}`),
  warn: (details, message) => console.warn(`[fleetlab] ${message}${describe(details)}`),
  error: (details, message) => console.error(`[fleetlab] ${message}${describe(details)}`),
};

function describe(details: object): string {
  const parts = Object.entries(details).map(([key, value]) =>
    value instanceof Error ? `${key}=${value.stack ?? value.message}` : `${key}=${JSON.stringify(value)}`,
  );
  return parts.length > 0 ? ` (${parts.join(' ')})` : '';
}

/** A logger that drops everything, for tests that are not about logging. */
export const silentJobLogger: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A bounded load generator: `concurrency` loops, each sending one GET at a time for `durationMs`,
 * going round `urls` (each loop starting at its own place in the list), recording every latency
 * and status. With `ratePerClient` each loop sends at that pace (a request every 1/rate s, at
 * once when the one before came back late), as a person's page polls; without it, flat out. Runs
 * as its own process (see runLoadGenerator) so its work never shares an event loop with the
 * server it measures. Prints one JSON line.
 *
 * It behaves like the web app's client: bodies are read as raw bytes (what crossed the wire,
 * compressed or not), a request without an answer after `timeoutMs` counts as a timeout, a 503 or
 * 429 with Retry-After makes that loop wait as asked before its next request, and with
 * `revalidate` each loop sends the ETag of its last 200 as If-None-Match, as a browser cache does.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

export interface LoadReport {
  requests: number;
  /** Answers by HTTP status, e.g. { "200": 2710, "503": 12 }. */
  statuses: Record<string, number>;
  /** Requests without an answer within `timeoutMs`. */
  timeouts: number;
  /** Requests that failed without an HTTP answer (connection refused or reset). */
  networkErrors: number;
  durationMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Median bytes of a 200 body as sent (compressed when the server compressed it). */
  bodyBytes200: number;
  /** Largest body of a 304 (must be 0). */
  maxBodyBytes304: number;
  /** Answers a second with status 200. */
  okPerSecond: number;
  /** Per URL path: requests and their 99th percentile latency. */
  byPath: Record<string, { requests: number; p99Ms: number }>;
}

export interface LoadOptions {
  urls: string[];
  headers: Record<string, string>;
  concurrency: number;
  durationMs: number;
  timeoutMs?: number;
  /** Send the ETag of the loop's last 200 as If-None-Match. */
  revalidate?: boolean;
  /** Requests a second each loop sends (paced); absent, flat out. */
  ratePerClient?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

interface Answer {
  status: number;
  bytes: number;
  etag: string | undefined;
  retryAfterS: number | undefined;
}

function get(
  url: string,
  headers: Record<string, string>,
  agent: Agent,
  timeoutMs: number,
): Promise<Answer | 'timeout' | 'error'> {
  return new Promise((resolve) => {
    const call = request(url, { headers, agent, timeout: timeoutMs }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        const retryAfter = Number(response.headers['retry-after']);
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          etag: response.headers.etag,
          retryAfterS: Number.isFinite(retryAfter) ? retryAfter : undefined,
        });
      });
      response.on('error', () => resolve('error'));
    });
    call.on('timeout', () => {
      call.destroy();
      resolve('timeout');
    });
    call.on('error', () => resolve('error'));
    call.end();
  });
}

async function generateLoad(options: LoadOptions): Promise<LoadReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  const latenciesByPath = new Map<string, number[]>();
  const statuses: Record<string, number> = {};
  const bodies200: number[] = [];
  let maxBodyBytes304 = 0;
  let timeouts = 0;
  let networkErrors = 0;
  const startedMs = performance.now();
  const endMs = startedMs + options.durationMs;
  const intervalMs = options.ratePerClient ? 1000 / options.ratePerClient : 0;
  const loop = async (_: unknown, index: number) => {
    let etag: string | undefined;
    let turn = index;
    // Paced loops start spread over one interval, so their requests do not come in waves.
    let nextMs = startedMs + (intervalMs * index) / options.concurrency;
    while (performance.now() < endMs) {
      if (intervalMs > 0) {
        const waitMs = nextMs - performance.now();
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        nextMs = Math.max(nextMs + intervalMs, performance.now());
        if (performance.now() >= endMs) break;
      }
      const url = options.urls[turn++ % options.urls.length];
      const headers = options.revalidate && etag ? { ...options.headers, 'if-none-match': etag } : options.headers;
      const sentMs = performance.now();
      const answer = await get(url, headers, agent, timeoutMs);
      const latencyMs = performance.now() - sentMs;
      latencies.push(latencyMs);
      const path = new URL(url).pathname;
      const ofPath = latenciesByPath.get(path) ?? [];
      ofPath.push(latencyMs);
      latenciesByPath.set(path, ofPath);
      if (answer === 'timeout') {
        timeouts += 1;
        continue;
      }
      if (answer === 'error') {
        networkErrors += 1;
        continue;
      }
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status === 200) {
        bodies200.push(answer.bytes);
        etag = answer.etag;
      }
      if (answer.status === 304) maxBodyBytes304 = Math.max(maxBodyBytes304, answer.bytes);
      if ((answer.status === 503 || answer.status === 429) && answer.retryAfterS !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, answer.retryAfterS! * 1000));
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  agent.destroy();
  const durationMs = performance.now() - startedMs;
  latencies.sort((a, b) => a - b);
  bodies200.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    statuses,
    timeouts,
    networkErrors,
    durationMs: Math.round(durationMs),
    requestsPerSecond: Math.round((latencies.length / durationMs) * 1000 * 10) / 10,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    maxMs: percentile(latencies, 1),
    bodyBytes200: bodies200.length ? bodies200[Math.floor(bodies200.length / 2)] : 0,
    maxBodyBytes304,
    okPerSecond: Math.round(((statuses[200] ?? 0) / durationMs) * 1000 * 10) / 10,
    byPath: Object.fromEntries(
      [...latenciesByPath].map(([path, times]) => [
        path,
        {
          requests: times.length,
          p99Ms: percentile(
            times.sort((a, b) => a - b),
            0.99,
          ),
        },
      ]),
    ),
  };
}

/** Runs the generator in a child process and resolves with its report. */
export function runLoadGenerator(options: LoadOptions): Promise<LoadReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, FLEETLAB_LOAD_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the load generator exited with code ${code}`));
      resolve(JSON.parse(output.trim().split('\n').at(-1)!) as LoadReport);
    });
  });
}

const ownOptions = process.env.FLEETLAB_LOAD_OPTIONS;
if (ownOptions && process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = await generateLoad(JSON.parse(ownOptions) as LoadOptions);
  console.log(JSON.stringify(report));
}

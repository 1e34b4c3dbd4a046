/**
 * A bounded load generator: `concurrency` loops, each sending one GET at a time to `url` for
 * `durationMs`, recording every latency. Runs as its own process (see runLoadGenerator) so its
 * work never shares an event loop with the server it measures. Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadReport {
  requests: number;
  errors: number;
  durationMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  concurrency: number;
  durationMs: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

async function generateLoad(options: LoadOptions): Promise<LoadReport> {
  const latencies: number[] = [];
  let errors = 0;
  const startedMs = performance.now();
  const endMs = startedMs + options.durationMs;
  const loop = async () => {
    while (performance.now() < endMs) {
      const sentMs = performance.now();
      try {
        const response = await fetch(options.url, { headers: options.headers });
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - sentMs);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const durationMs = performance.now() - startedMs;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    durationMs: Math.round(durationMs),
    requestsPerSecond: Math.round((latencies.length / durationMs) * 1000 * 10) / 10,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    maxMs: percentile(latencies, 1),
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

/**
 * Figure: the server's memory while it takes the largest environment body a client may send:
 * the full graph of spec §5 (every visible pair, as the spec's own client sends it) for a 50x50
 * floor with 400 robots, and the same layout with the pruned graph the editor sends. The server
 * runs as `npm start` runs it (src/main.ts, embedded PGlite) in a process of its own; its resident
 * memory is read from /proc (VmRSS now, VmHWM the peak so far) before and after each POST.
 *
 *   npx tsx apps/server/bench/large-environment-memory.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNavigationGraph, generateWarehouseInstance } from '@fleetlab/warehouse';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetlab-memory-'));
const webDir = mkdtempSync(path.join(os.tmpdir(), 'fleetlab-memory-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Fleetlab</title>');

const server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
  cwd: repoRoot,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir, WEB_DIST_DIR: webDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const codes = new Map<string, string>();
const origin = await new Promise<string>((resolve, reject) => {
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const match of output.matchAll(/verification code for (\S+): (\d{6})/g)) codes.set(match[1], match[2]);
    const listening = /running at http:\/\/localhost:(\d+)/.exec(output);
    if (listening) resolve(`http://127.0.0.1:${listening[1]}`);
  });
  server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
});

/** Resident memory of the server process in MB: now and the peak so far. */
function memory(): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
  return { rssMb: Math.round(field('VmRSS')), peakMb: Math.round(field('VmHWM')) };
}

async function call(method: string, url: string, body?: string, token?: string) {
  const answer = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await answer.text();
  return { status: answer.status, json: text ? JSON.parse(text) : null };
}

try {
  const email = `memory${Date.now()}@example.com`;
  const password = 'bench password 123';
  await call('POST', '/auth/register', JSON.stringify({ email, username: `memory${Date.now()}`, password }));
  while (!codes.has(email)) await new Promise((resolve) => setTimeout(resolve, 50));
  await call('POST', '/auth/verify-email', JSON.stringify({ email, code: codes.get(email) }));
  const token = (await call('POST', '/auth/login', JSON.stringify({ username: email, password }))).json
    .access_token as string;

  const { environment } = generateWarehouseInstance({
    width: 50,
    height: 50,
    stations: 40,
    robotsPerStation: 10,
    orders: 1,
    seed: 20,
  });
  const bodies = [
    ['pruned graph (the editor)', buildNavigationGraph(environment.elements)],
    ['full graph (spec §5 client)', buildNavigationGraph(environment.elements, { edges: 'full' })],
  ] as const;
  console.log(
    `large-environment-memory: ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `50x50 floor, ${environment.elements.robots.length} robots, ${environment.elements.pickups.length} pickups`,
  );
  console.log(`  server at rest: RSS ${memory().rssMb} MB (peak so far ${memory().peakMb} MB)`);
  for (const [label, graph] of bodies) {
    const payload = JSON.stringify({ ...environment, name: label, graph });
    const before = memory();
    const startedMs = performance.now();
    const answer = await call('POST', '/environments', payload, token);
    const ms = Math.round(performance.now() - startedMs);
    const after = memory();
    const stored =
      answer.status === 201 ? `${answer.json.graph.edges.length} edges stored` : JSON.stringify(answer.json);
    console.log(
      `  POST ${label}: ${(payload.length / 1e6).toFixed(1)} MB, ${graph.edges.length} edges -> ${answer.status} in ${ms} ms, ${stored}; ` +
        `RSS ${before.rssMb} -> ${after.rssMb} MB, peak ${after.peakMb} MB`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
}

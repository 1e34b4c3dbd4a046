import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The runner's static checks on a one-file project that uses this repository's own TypeScript
// settings and Biome rules: a clean file passes both, a type error fails the type check, and a
// floating promise fails the lint. Each failure is counted in the runner's closing line.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const runner = path.join(repoRoot, 'scripts/run-tests.mjs');

let project: string | null = null;

/** An async save and a caller of it, whose two lines decide whether the promise is awaited. */
function withSave(callerLine: string, callLine: string): string {
  return [
    'export async function saveOrder(id: string): Promise<string> {',
    '  return id;',
    '}',
    '',
    callerLine,
    callLine,
    '}',
    '',
  ].join('\n');
}

function projectWith(source: string): string {
  project = mkdtempSync(path.join(tmpdir(), 'fleetlab-runner-'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  const biome = JSON.parse(readFileSync(path.join(repoRoot, 'biome.json'), 'utf8'));
  delete biome.$schema;
  biome.vcs = { enabled: false };
  writeFileSync(path.join(project, 'biome.json'), JSON.stringify(biome, null, 2));
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({
      name: 'runner-fixture',
      private: true,
      type: 'module',
      scripts: { typecheck: 'tsc -p .', 'lint:ci': 'biome ci --error-on-warnings src' },
    }),
  );
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(repoRoot, 'tsconfig.base.json'), include: ['src'] }),
  );
  mkdirSync(path.join(project, 'src'));
  writeFileSync(path.join(project, 'src/orders.ts'), source);
  return project;
}

function runChecks(root: string): { status: number | null; closingLine: string; output: string } {
  const result = spawnSync(process.execPath, [runner, '--root', root], { encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  const lines = result.stdout.trim().split('\n');
  return { status: result.status, closingLine: lines[lines.length - 1], output };
}

afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  project = null;
});

describe('npm test runs the type check and the linter before the suites', () => {
  it('passes a clean file: both checks count as passed', () => {
    const run = runChecks(
      projectWith(withSave('export async function onSave(): Promise<void> {', "  await saveOrder('o1');")),
    );
    expect(run.closingLine).toBe('2 passed, 0 failed');
    expect(run.status).toBe(0);
  });

  it('fails on a type error and names the type check', () => {
    const run = runChecks(projectWith(["export const orders: number = 'twelve';", ''].join('\n')));
    expect(run.closingLine).toBe('1 passed, 1 failed');
    expect(run.status).toBe(1);
    expect(run.output).toContain('[checks] type check failed');
    expect(run.output).toContain('TS2322');
  });

  it('fails on a floating promise and names the lint', () => {
    const run = runChecks(projectWith(withSave('export function onSave(): void {', "  saveOrder('o1');")));
    expect(run.closingLine).toBe('1 passed, 1 failed');
    expect(run.status).toBe(1);
    expect(run.output).toContain('[checks] lint and format failed');
    expect(run.output).toContain('noFloatingPromises');
  });
});

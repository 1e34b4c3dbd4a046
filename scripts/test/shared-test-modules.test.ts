import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The pure packages and the web app run their test files without per-file isolation
// (`isolate: false` in their Vitest configs): a worker imports each module once for all its files.
// That holds only while no file changes a module or the process for the files after it. These
// checks keep the configs and the tests in step, so a module mock added later fails here, by
// name, rather than now and then in another file.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SHARED = [
  { root: 'packages/warehouse', config: 'vitest.config.ts', pure: true },
  { root: 'packages/solver', config: 'vitest.config.ts', pure: true },
  { root: 'packages/simulator', config: 'vitest.config.ts', pure: true },
  { root: 'apps/web', config: 'vite.config.ts', pure: false },
] as const;

/** Calls whose effect outlives a file when files share their modules: module mocks and environment stubs. */
const NEVER_SHARED = /\bvi\.(mock|doMock|unmock|hoisted|resetModules|stubEnv)\(/;
/** Calls a shared module graph survives only with a setup file that undoes them after each test (the web app's). */
const UNDONE_BY_SETUP = /\bvi\.(stubGlobal|useFakeTimers|spyOn)\(/;

function sourceFiles(root: string): string[] {
  return readdirSync(path.join(repoRoot, root), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(root, file));
}

function offending(root: string, pattern: RegExp): string[] {
  return sourceFiles(root).filter((file) => pattern.test(readFileSync(path.join(repoRoot, file), 'utf8')));
}

describe('test files that share their modules', () => {
  it.each(SHARED)('$root runs without per-file isolation, as these checks assume', ({ root, config }) => {
    expect(readFileSync(path.join(repoRoot, root, config), 'utf8')).toMatch(/\bisolate: false\b/);
  });

  it.each(SHARED)('$root mocks no module and stubs no environment variable', ({ root }) => {
    expect(offending(root, NEVER_SHARED)).toEqual([]);
  });

  it.each(SHARED.filter((project) => project.pure))(
    '$root stubs no global, fakes no timer and spies on nothing (it has no setup file to undo them)',
    ({ root }) => {
      expect(offending(root, UNDONE_BY_SETUP)).toEqual([]);
    },
  );

  it("the web app's setup file undoes, after each test, what a test may change for the next file", () => {
    const setup = readFileSync(path.join(repoRoot, 'apps/web/src/test/setup.ts'), 'utf8');
    const afterEachBody = setup.slice(setup.indexOf('afterEach('));
    for (const reset of [
      'cleanup()',
      'localStorage.clear()',
      'vi.restoreAllMocks()',
      'vi.unstubAllGlobals()',
      'vi.useRealTimers()',
    ])
      expect(afterEachBody).toContain(reset);
  });

  it('finds a module mock where one is written (the check itself)', () => {
    expect(NEVER_SHARED.test("vi.mock('./client.ts', () => ({}));")).toBe(true);
    expect(NEVER_SHARED.test("vi.stubEnv('PORT', '1');")).toBe(true);
    expect(NEVER_SHARED.test('vi.fn(); vi.useFakeTimers();')).toBe(false);
    expect(UNDONE_BY_SETUP.test('vi.useFakeTimers({ shouldAdvanceTime: true });')).toBe(true);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app reads plans and executions as records (their shapes and decoding live in
// @fleetlab/warehouse); it never runs the optimiser or the simulator itself. Dev scripts replay
// recorded fixtures (scripts/record-player-fixtures.ts makes them with the packages' commands)
// or use the running API.

const thisFile = fileURLToPath(import.meta.url);
const webRoot = join(dirname(thisFile), '..');
const FORBIDDEN = /^(?:@fleetlab\/(?:solver|simulator)(?:\/|$)|(?:\.\.?\/)+(?:.*\/)?packages\/(?:solver|simulator)\/)/;

/** Every module specifier a source file names: static and dynamic imports, re-exports, require. */
function specifiersOf(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
  return [...source.matchAll(pattern)].map((match) => match[1]);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js|jsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('the web app imports no solver or simulator code', () => {
  it('recognises every way a module can be named', () => {
    const source = [
      "import { solve } from '@fleetlab/solver';",
      "import type { X } from '@fleetlab/simulator/src/simulate.ts';",
      "export * from '../../../packages/solver/src/index.ts';",
      "const lazy = await import('@fleetlab/simulator');",
      "import '@fleetlab/solver';",
      "import { Floor } from '@fleetlab/warehouse';",
    ].join('\n');
    expect(specifiersOf(source).filter((specifier) => FORBIDDEN.test(specifier))).toEqual([
      '@fleetlab/solver',
      '@fleetlab/simulator/src/simulate.ts',
      '../../../packages/solver/src/index.ts',
      '@fleetlab/simulator',
      '@fleetlab/solver',
    ]);
  });

  it('no file under src/, scripts/, tools/ or test/ imports @fleetlab/solver or @fleetlab/simulator', () => {
    const offenders = ['src', 'scripts', 'tools', 'test']
      .flatMap((folder) => sourceFiles(join(webRoot, folder)))
      // This file names them only as examples, in strings.
      .filter((file) => file !== thisFile)
      .flatMap((file) =>
        specifiersOf(readFileSync(file, 'utf8'))
          .filter((specifier) => FORBIDDEN.test(specifier))
          .map((specifier) => `${relative(webRoot, file)}: ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the web package does not depend on them', () => {
    const manifest = JSON.parse(readFileSync(join(webRoot, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    const dependencies = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap(
      (field) => Object.keys(manifest[field] ?? {}),
    );
    expect(dependencies.filter((name) => FORBIDDEN.test(name))).toEqual([]);
  });
});

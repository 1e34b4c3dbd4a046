import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, algorithmNameValues, objectiveNameValues, TRAFFIC_POLICIES } from '../src/index.ts';

/**
 * The domain words live in this package alone: no app or other package may spell out its own
 * algorithm label, hint or id, or label an objective itself. Consumers import them; their tests
 * and fixtures may still write the texts they expect on screen.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const consumerFolders = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/scripts',
  'packages/solver/src',
  'packages/solver/bench',
  'packages/simulator/src',
  'packages/simulator/bench',
];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(repoRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.|fixture/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const consumers = consumerFolders
  .flatMap(sourceFiles)
  .map((path) => ({ path: relative(repoRoot, path), text: readFileSync(path, 'utf8') }));

/** Where `needle` is written as a text of its own: quoted, or between JSX tags. */
function filesSpelling(needle: string): string[] {
  const forms = [`'${needle}'`, `"${needle}"`, `\`${needle}\``, `>${needle}<`];
  return consumers.filter(({ text }) => forms.some((form) => text.includes(form))).map(({ path }) => path);
}

describe('domain words have one home', () => {
  it('finds the consumers it guards', () => {
    expect(consumers.some(({ path }) => path === join('apps', 'web', 'src', 'pages', 'solve-create-page.tsx'))).toBe(
      true,
    );
    expect(consumers.some(({ path }) => path === join('packages', 'solver', 'src', 'solve.ts'))).toBe(true);
  });

  for (const policy of TRAFFIC_POLICIES) {
    it(`traffic policy ${policy.name}: no consumer writes its own label or hint`, () => {
      expect(filesSpelling(policy.label)).toEqual([]);
      expect(consumers.filter(({ text }) => text.includes(policy.hint)).map(({ path }) => path)).toEqual([]);
    });
  }

  for (const algorithm of ALGORITHMS) {
    it(`${algorithm.name}: no consumer writes its own label or hint`, () => {
      expect(filesSpelling(algorithm.label)).toEqual([]);
      expect(consumers.filter(({ text }) => text.includes(algorithm.hint)).map(({ path }) => path)).toEqual([]);
    });
  }

  it('no consumer pairs an algorithm name with its id by hand', () => {
    const names = algorithmNameValues.join('|');
    const pairing = new RegExp(
      `\\b(${names})['"]?\\s*:\\s*[1-7]\\s*[,}]|['"](${names})['"]\\s*,\\s*[1-7]\\s*[\\],]|\\bid:\\s*[1-7],\\s*name:|\\bname:\\s*['"](${names})['"],\\s*id:\\s*[1-7]\\b`,
    );
    expect(consumers.filter(({ text }) => pairing.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it('no consumer maps an objective name to a label of its own', () => {
    const names = objectiveNameValues.join('|');
    const labelling = new RegExp(`\\b(${names})['"]?\\s*:\\s*['"\`]`);
    expect(consumers.filter(({ text }) => labelling.test(text)).map(({ path }) => path)).toEqual([]);
  });
});

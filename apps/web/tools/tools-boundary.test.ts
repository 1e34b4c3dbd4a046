import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('dev tools stay out of the app', () => {
  it('no module under src/ imports from tools/', () => {
    const offenders = sourceFiles(join(webRoot, 'src')).filter((file) =>
      /from\s+['"][^'"]*\/tools\/|import\(\s*['"][^'"]*\/tools\//.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(webRoot, file))).toEqual([]);
  });
});

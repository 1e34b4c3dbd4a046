import { describe, expect, it } from 'vitest';
import { parseGridMapFile } from './layout-file.ts';

const MAP = ['type octile', 'height 5', 'width 6', 'map', '......', '.@@@@.', '......', '.TT...', '......', ''].join(
  '\n',
);

describe('Import map', () => {
  it('opens a grid map as a layout of shelves named after the file', () => {
    const result = parseGridMapFile('aisle-6x5.map', MAP);
    if (!result.ok) throw new Error(result.errors.join('; '));
    expect(result.environment.name).toBe('aisle-6x5');
    expect(result.environment.description).toBe('Imported from the grid map aisle-6x5.map');
    expect(result.environment.layout.dimensions).toEqual({ width: 6, height: 5 });
    expect(result.environment.layout.elements.shelves).toEqual([
      { id: 'S1', position: [1, 1], size: [4, 1] },
      { id: 'S2', position: [1, 3], size: [2, 1] },
    ]);
  });

  it('refuses a malformed map naming the line', () => {
    expect(parseGridMapFile('bad.map', MAP.replace('.TT...', '.TT..?'))).toEqual({
      ok: false,
      errors: ['line 8: unknown cell character "?" at column 5 of row 3'],
    });
  });
});

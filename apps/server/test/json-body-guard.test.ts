import { describe, expect, it } from 'vitest';
import { findUnstorableJson, MAX_BODY_DEPTH } from '../src/http/json-body-guard.ts';

describe('findUnstorableJson', () => {
  it('lets ordinary bodies through, however large', () => {
    expect(
      findUnstorableJson({
        name: 'Peak',
        details: { tasks: [['P1', 'D1']], additional_details: { note: 'line\nbreak' } },
      }),
    ).toBeNull();
    expect(
      findUnstorableJson(Array.from({ length: 50_000 }, (_, index) => ({ from: `P${index}`, to: 'N1', weight: 1 }))),
    ).toBeNull();
    expect(findUnstorableJson(null)).toBeNull();
  });

  it('names a NUL character in a value or a field name by its path', () => {
    expect(findUnstorableJson({ details: { additional_details: { note: 'a\u0000b' } } })).toBe(
      'body.details.additional_details.note: must not contain the NUL character',
    );
    expect(findUnstorableJson([{ details: { tags: ['ok', 'no\u0000'] } }])).toBe(
      'body.0.details.tags.1: must not contain the NUL character',
    );
    expect(findUnstorableJson({ extra: { 'k\u0000': 1 } })).toBe(
      'body.extra: field names must not contain the NUL character',
    );
  });

  it(`names nesting deeper than ${MAX_BODY_DEPTH} levels where it passes the limit, without overflowing its own stack`, () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const problem = findUnstorableJson({ details: { additional_details: { deep } } });
    expect(problem).toBe(
      `body.details.additional_details.deep${'.0'.repeat(MAX_BODY_DEPTH - 3)}: must not nest deeper than ${MAX_BODY_DEPTH} levels`,
    );
  });
});

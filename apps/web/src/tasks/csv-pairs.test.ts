import { describe, expect, it } from 'vitest';
import { MAX_PAIRS_PER_TASK } from '@fleetlab/warehouse';
import { parsePairsCsv } from './csv-pairs.ts';

const catalog = { pickupIds: new Set(['P1', 'P2', 'P3']), dropoffIds: new Set(['D1', 'D2']) };

describe('parsePairsCsv', () => {
  it('reads rows with a header', () => {
    expect(parsePairsCsv('pickup_id,dropoff_id\nP1,D1\nP3,D2\n', catalog)).toEqual({
      pairs: [
        ['P1', 'D1'],
        ['P3', 'D2'],
      ],
      errors: [],
    });
  });

  it('reads rows without a header, with CRLF, blank lines, quotes, spaces and a trailing comma', () => {
    expect(parsePairsCsv('"P2", D1\r\n\r\n P1 ,"D2",\r\n', catalog).pairs).toEqual([
      ['P2', 'D1'],
      ['P1', 'D2'],
    ]);
  });

  it('accepts semicolon- and tab-separated rows and a byte-order mark', () => {
    expect(parsePairsCsv('\uFEFFPickup;Dropoff\nP1;D1\nP2\tD2', catalog).pairs).toEqual([
      ['P1', 'D1'],
      ['P2', 'D2'],
    ]);
  });

  it('reports unknown ids and malformed lines by line number and keeps no pairs', () => {
    const csv = ['pickup_id,dropoff_id', 'P1,D1', 'P2', 'P99,D1', 'P3,D9', '', 'P1,D1,D2', ',D1', 'D1,P1'].join('\n');
    expect(parsePairsCsv(csv, catalog)).toEqual({
      pairs: [],
      errors: [
        'Line 3: expected pickup_id,dropoff_id but found 1 value',
        'Line 4: unknown pickup P99',
        'Line 5: unknown dropoff D9',
        'Line 7: expected pickup_id,dropoff_id but found 3 values: release_s is given on every row or on none',
        'Line 8: missing pickup id',
        'Line 9: unknown pickup D1',
        'Line 9: unknown dropoff P1',
      ],
    });
  });

  it('treats a header-like line after the first row as data', () => {
    expect(parsePairsCsv('P1,D1\npickup_id,dropoff_id', catalog).errors).toEqual([
      'Line 2: unknown pickup pickup_id',
      'Line 2: unknown dropoff dropoff_id',
    ]);
  });

  it('rejects a file without rows', () => {
    expect(parsePairsCsv('pickup_id,dropoff_id\n\n', catalog)).toEqual({
      pairs: [],
      errors: ['The file has no pickup_id,dropoff_id rows'],
    });
    expect(parsePairsCsv('', catalog).errors).toEqual(['The file has no pickup_id,dropoff_id rows']);
  });

  it('rejects more pairs than a task can hold', () => {
    const csv = Array.from({ length: MAX_PAIRS_PER_TASK + 1 }, () => 'P1,D1').join('\n');
    expect(parsePairsCsv(csv, catalog).errors).toEqual(['The file has 20001 rows; a task holds at most 20000 pairs']);
  });

  it("reads a release_s column into each pair's release time, with or without a header", () => {
    expect(parsePairsCsv('pickup_id,dropoff_id,release_s\nP1,D1,0\nP3,D2,90.5\n', catalog)).toEqual({
      pairs: [
        ['P1', 'D1'],
        ['P3', 'D2'],
      ],
      releaseS: [0, 90.5],
      errors: [],
    });
    expect(parsePairsCsv('P2;D1;30\nP1;D2;3600', catalog).releaseS).toEqual([30, 3600]);
    expect(parsePairsCsv('P1,D1\n', catalog).releaseS).toBeUndefined();
  });

  it('takes release times on every row or none, and names each bad one by its line', () => {
    const csv = ['pickup_id,dropoff_id,release_s', 'P1,D1,10', 'P2,D1', 'P1,D2,soon', 'P3,D1,-5', 'P2,D2,'].join('\n');
    expect(parsePairsCsv(csv, catalog)).toEqual({
      pairs: [],
      errors: [
        'Line 3: expected pickup_id,dropoff_id,release_s but found 2 values: release_s is given on every row or on none',
        'Line 4: release_s soon is not a number of seconds',
        'Line 5: release_s -5 cannot be negative',
        // A trailing empty cell is no value: the row has two.
        'Line 6: expected pickup_id,dropoff_id,release_s but found 2 values: release_s is given on every row or on none',
      ],
    });
    // Without a header the first row decides.
    expect(parsePairsCsv('P1,D1,10\nP2,D1', catalog).errors).toEqual([
      'Line 2: expected pickup_id,dropoff_id,release_s but found 2 values: release_s is given on every row or on none',
    ]);
    expect(parsePairsCsv('P1,D1\nP2,D1,10', catalog).errors).toEqual([
      'Line 2: expected pickup_id,dropoff_id but found 3 values: release_s is given on every row or on none',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  encodeElementId,
  encodeElementSize,
  encodeUnsigned,
  muxWebm,
  WEBM_IDS,
  type WebmEncodedFrame,
  type WebmVideoTrack,
} from './webm-muxer.ts';

/** One parsed EBML element: its id, where its data starts in the file, and the data. */
interface ParsedElement {
  readonly id: number;
  readonly dataStart: number;
  readonly data: Uint8Array;
}

function readVarint(bytes: Uint8Array, offset: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[offset];
  let length = 1;
  while (length <= 8 && (first & (0x80 >> (length - 1))) === 0) length += 1;
  let value = keepMarker ? first : first & ((0x80 >> (length - 1)) - 1);
  for (let index = 1; index < length; index += 1) value = value * 256 + bytes[offset + index];
  return { value, length };
}

/** The elements found one after another in `bytes` (a reader independent of the writer). */
function parseElements(bytes: Uint8Array, base = 0): ParsedElement[] {
  const elements: ParsedElement[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const id = readVarint(bytes, offset, true);
    const size = readVarint(bytes, offset + id.length, false);
    const dataStart = offset + id.length + size.length;
    elements.push({
      id: id.value,
      dataStart: base + dataStart,
      data: bytes.subarray(dataStart, dataStart + size.value),
    });
    offset = dataStart + size.value;
  }
  return elements;
}

function child(parent: ParsedElement, id: number): ParsedElement {
  const found = parseElements(parent.data, parent.dataStart).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no child 0x${id.toString(16)}`);
  return found;
}

function children(parent: ParsedElement, id: number): ParsedElement[] {
  return parseElements(parent.data, parent.dataStart).filter((candidate) => candidate.id === id);
}

function unsignedOf(element: ParsedElement): number {
  return element.data.reduce((value, byte) => value * 256 + byte, 0);
}

const TRACK: WebmVideoTrack = { codecId: 'V_VP9', width: 1280, height: 720, frameDurationMs: 32 };
const frame = (timestampMs: number, keyFrame: boolean, ...data: number[]): WebmEncodedFrame => ({
  timestampMs,
  keyFrame,
  data: Uint8Array.from(data),
});

describe('EBML encoding', () => {
  it('writes element sizes in the fewest bytes, keeping the all-ones value for unknown sizes', () => {
    expect([...encodeElementSize(0)]).toEqual([0x80]);
    expect([...encodeElementSize(126)]).toEqual([0xfe]);
    expect([...encodeElementSize(127)]).toEqual([0x40, 0x7f]);
    expect([...encodeElementSize(16_382)]).toEqual([0x7f, 0xfe]);
    expect([...encodeElementSize(16_383)]).toEqual([0x20, 0x3f, 0xff]);
    expect(() => encodeElementSize(-1)).toThrow(RangeError);
  });

  it('writes ids as they are and unsigned integers big-endian', () => {
    expect([...encodeElementId(WEBM_IDS.ebml)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect([...encodeElementId(WEBM_IDS.simpleBlock)]).toEqual([0xa3]);
    expect([...encodeUnsigned(0)]).toEqual([0]);
    expect([...encodeUnsigned(256)]).toEqual([1, 0]);
    expect([...encodeUnsigned(5, 8)]).toEqual([0, 0, 0, 0, 0, 0, 0, 5]);
    expect(() => encodeUnsigned(65_536, 2)).toThrow(RangeError);
  });
});

describe('muxWebm', () => {
  const file = muxWebm(TRACK, [frame(0, true, 1, 2, 3), frame(32, false, 4), frame(64, true, 5, 6)], {
    writingApp: 'fleetlab-test',
  });
  const [header, segment] = parseElements(file);

  it('declares a WebM document and a segment that fills the rest of the file', () => {
    expect(header.id).toBe(WEBM_IDS.ebml);
    expect(new TextDecoder().decode(child(header, WEBM_IDS.docType).data)).toBe('webm');
    expect(segment.id).toBe(WEBM_IDS.segment);
    expect(segment.dataStart + segment.data.length).toBe(file.length);
  });

  it('writes the duration (last frame plus one frame) and the video track', () => {
    const info = child(segment, WEBM_IDS.info);
    expect(unsignedOf(child(info, WEBM_IDS.timestampScale))).toBe(1_000_000);
    const duration = child(info, WEBM_IDS.duration);
    expect(new DataView(duration.data.buffer, duration.data.byteOffset, 8).getFloat64(0)).toBe(96);
    const entry = child(child(segment, WEBM_IDS.tracks), WEBM_IDS.trackEntry);
    expect(new TextDecoder().decode(child(entry, WEBM_IDS.codecId).data)).toBe('V_VP9');
    expect(unsignedOf(child(entry, WEBM_IDS.defaultDuration))).toBe(32_000_000);
    const video = child(entry, WEBM_IDS.video);
    expect([unsignedOf(child(video, WEBM_IDS.pixelWidth)), unsignedOf(child(video, WEBM_IDS.pixelHeight))]).toEqual([
      1280, 720,
    ]);
  });

  it('starts a cluster at each key frame with blocks relative to the cluster timestamp', () => {
    const clusters = children(segment, WEBM_IDS.cluster);
    expect(clusters.map((cluster) => unsignedOf(child(cluster, WEBM_IDS.clusterTimestamp)))).toEqual([0, 64]);
    const blocks = clusters.flatMap((cluster) =>
      children(cluster, WEBM_IDS.simpleBlock).map((block) => [...block.data]),
    );
    expect(blocks).toEqual([
      [0x81, 0, 0, 0x80, 1, 2, 3],
      [0x81, 0, 32, 0, 4],
      [0x81, 0, 0, 0x80, 5, 6],
    ]);
  });

  it('points the SeekHead and every cue at the elements they name', () => {
    const segmentDataStart = segment.dataStart;
    const seeks = children(child(segment, WEBM_IDS.seekHead), WEBM_IDS.seek);
    for (const seek of seeks) {
      const target = unsignedOf(child(seek, WEBM_IDS.seekId));
      const position = segmentDataStart + unsignedOf(child(seek, WEBM_IDS.seekPosition));
      expect(unsignedOf({ id: 0, dataStart: 0, data: file.subarray(position, position + 4) })).toBe(target);
    }
    expect(seeks.map((seek) => unsignedOf(child(seek, WEBM_IDS.seekId)))).toEqual([
      WEBM_IDS.info,
      WEBM_IDS.tracks,
      WEBM_IDS.cues,
    ]);
    const cuePoints = children(child(segment, WEBM_IDS.cues), WEBM_IDS.cuePoint);
    const clusterStarts = children(segment, WEBM_IDS.cluster).map((cluster) => cluster.dataStart);
    expect(cuePoints.map((point) => unsignedOf(child(point, WEBM_IDS.cueTime)))).toEqual([0, 64]);
    cuePoints.forEach((point, index) => {
      const position =
        segmentDataStart + unsignedOf(child(child(point, WEBM_IDS.cueTrackPositions), WEBM_IDS.cueClusterPosition));
      expect([...file.subarray(position, position + 4)]).toEqual([0x1f, 0x43, 0xb6, 0x75]);
      expect(clusterStarts[index]).toBeGreaterThan(position);
    });
  });

  it('opens a new, uncued cluster when a block offset would overflow 16 bits', () => {
    const long = muxWebm(TRACK, [frame(0, true, 1), frame(40_000, false, 2)], { writingApp: 'fleetlab-test' });
    const longSegment = parseElements(long)[1];
    const clusters = children(longSegment, WEBM_IDS.cluster);
    expect(clusters.map((cluster) => unsignedOf(child(cluster, WEBM_IDS.clusterTimestamp)))).toEqual([0, 40_000]);
    expect(children(child(longSegment, WEBM_IDS.cues), WEBM_IDS.cuePoint)).toHaveLength(1);
  });

  it('rejects files a player could not start or order', () => {
    const options = { writingApp: 'fleetlab-test' };
    expect(() => muxWebm(TRACK, [], options)).toThrow('at least one frame');
    expect(() => muxWebm(TRACK, [frame(0, false, 1)], options)).toThrow('key frame');
    expect(() => muxWebm(TRACK, [frame(0, true, 1), frame(0, false, 2)], options)).toThrow('must increase');
    expect(() => muxWebm(TRACK, [frame(0.5, true, 1)], options)).toThrow('whole millisecond');
  });
});

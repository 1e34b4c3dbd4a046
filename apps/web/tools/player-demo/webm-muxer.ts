// A minimal WebM (Matroska) writer for one video track of already encoded frames, used by
// scripts/record-demo-video.ts to package the VP9 frames Chromium's WebCodecs encoder
// produces. Unlike MediaRecorder's live output it writes the Duration and a Cues index, so a
// <video> knows the length up front and can seek and loop without reading the whole file.
//
// Layout: EBML header, then Segment { SeekHead, Info, Tracks, Cluster*, Cues }. A new
// cluster starts at every key frame (and before a block's 16-bit relative timestamp would
// overflow), and every cluster that starts with a key frame gets a cue point.

export type WebmVideoCodec = 'V_VP8' | 'V_VP9';

export interface WebmVideoTrack {
  readonly codecId: WebmVideoCodec;
  readonly width: number;
  readonly height: number;
  /** Nominal frame duration (DefaultDuration), and how long the last frame is shown. */
  readonly frameDurationMs: number;
}

export interface WebmEncodedFrame {
  /** Presentation time in milliseconds (the file's timestamp scale is 1 ms). */
  readonly timestampMs: number;
  readonly keyFrame: boolean;
  readonly data: Uint8Array;
}

export interface WebmMuxOptions {
  /** Written as MuxingApp and WritingApp. */
  readonly writingApp: string;
}

/** Matroska element ids, with their length marker bits as they appear in the file. */
export const WEBM_IDS = {
  ebml: 0x1a45dfa3,
  ebmlVersion: 0x4286,
  ebmlReadVersion: 0x42f7,
  ebmlMaxIdLength: 0x42f2,
  ebmlMaxSizeLength: 0x42f3,
  docType: 0x4282,
  docTypeVersion: 0x4287,
  docTypeReadVersion: 0x4285,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  seekPosition: 0x53ac,
  info: 0x1549a966,
  timestampScale: 0x2ad7b1,
  muxingApp: 0x4d80,
  writingApp: 0x5741,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackUid: 0x73c5,
  flagLacing: 0x9c,
  codecId: 0x86,
  trackType: 0x83,
  defaultDuration: 0x23e383,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  clusterTimestamp: 0xe7,
  simpleBlock: 0xa3,
  cues: 0x1c53bb6b,
  cuePoint: 0xbb,
  cueTime: 0xb3,
  cueTrackPositions: 0xb7,
  cueTrack: 0xf7,
  cueClusterPosition: 0xf1,
} as const;

const TRACK_NUMBER = 1;
const TRACK_TYPE_VIDEO = 1;
/** Nanoseconds per timestamp tick: 1 ms. */
const TIMESTAMP_SCALE_NS = 1_000_000;
/** A SimpleBlock's timestamp is a signed 16-bit offset from its cluster's timestamp. */
const MAX_BLOCK_OFFSET_MS = 32_767;
const SIMPLE_BLOCK_KEY_FLAG = 0x80;
/** Seek positions are written with a fixed width, so the SeekHead's size is known before the offsets. */
const SEEK_POSITION_BYTES = 8;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** An element id's bytes: ids already carry their length marker, so they are written as is. */
export function encodeElementId(id: number): Uint8Array {
  const bytes: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.from(bytes);
}

/**
 * An element data size as an EBML variable-length integer, in the fewest bytes. The value
 * with every data bit set means "unknown size", so each width holds one value less.
 */
export function encodeElementSize(size: number): Uint8Array {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid element size ${size}`);
  for (let width = 1; width <= 8; width += 1) {
    if (size < 2 ** (7 * width) - 1) {
      const bytes = new Uint8Array(width);
      let rest = size;
      for (let index = width - 1; index >= 0; index -= 1) {
        bytes[index] = rest % 256;
        rest = Math.floor(rest / 256);
      }
      bytes[0] |= 1 << (8 - width);
      return bytes;
    }
  }
  throw new RangeError(`Element size ${size} does not fit in 8 bytes`);
}

/** An unsigned integer, big-endian, in the fewest bytes (at least one), or exactly `width` bytes. */
export function encodeUnsigned(value: number, width?: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Invalid unsigned integer ${value}`);
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  if (bytes.length === 0) bytes.push(0);
  if (width !== undefined) {
    if (bytes.length > width) throw new RangeError(`${value} does not fit in ${width} bytes`);
    while (bytes.length < width) bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

function isByteArray(data: Uint8Array | readonly Uint8Array[]): data is Uint8Array {
  return ArrayBuffer.isView(data);
}

function element(id: number, data: Uint8Array | readonly Uint8Array[]): Uint8Array {
  // Not instanceof: a TextEncoder from another realm (jsdom under Node) makes other Uint8Arrays.
  const payload = isByteArray(data) ? data : concat(data);
  return concat([encodeElementId(id), encodeElementSize(payload.length), payload]);
}

function unsignedElement(id: number, value: number, width?: number): Uint8Array {
  return element(id, encodeUnsigned(value, width));
}

function stringElement(id: number, text: string): Uint8Array {
  return element(id, new TextEncoder().encode(text));
}

function floatElement(id: number, value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return element(id, bytes);
}

function simpleBlock(frame: WebmEncodedFrame, offsetMs: number): Uint8Array {
  const header = new Uint8Array(4);
  header[0] = 0x80 | TRACK_NUMBER;
  new DataView(header.buffer).setInt16(1, offsetMs);
  header[3] = frame.keyFrame ? SIMPLE_BLOCK_KEY_FLAG : 0;
  return element(WEBM_IDS.simpleBlock, [header, frame.data]);
}

interface ClusterBytes {
  readonly timestampMs: number;
  readonly startsWithKeyFrame: boolean;
  readonly bytes: Uint8Array;
}

function buildClusters(frames: readonly WebmEncodedFrame[]): ClusterBytes[] {
  const clusters: ClusterBytes[] = [];
  let current: { timestampMs: number; startsWithKeyFrame: boolean; blocks: Uint8Array[] } | null = null;
  const close = () => {
    if (!current) return;
    clusters.push({
      timestampMs: current.timestampMs,
      startsWithKeyFrame: current.startsWithKeyFrame,
      bytes: element(WEBM_IDS.cluster, [
        unsignedElement(WEBM_IDS.clusterTimestamp, current.timestampMs),
        ...current.blocks,
      ]),
    });
  };
  for (const frame of frames) {
    if (!current || frame.keyFrame || frame.timestampMs - current.timestampMs > MAX_BLOCK_OFFSET_MS) {
      close();
      current = { timestampMs: frame.timestampMs, startsWithKeyFrame: frame.keyFrame, blocks: [] };
    }
    current.blocks.push(simpleBlock(frame, frame.timestampMs - current.timestampMs));
  }
  close();
  return clusters;
}

function seekEntry(id: number, position: number): Uint8Array {
  return element(WEBM_IDS.seek, [
    element(WEBM_IDS.seekId, encodeElementId(id)),
    unsignedElement(WEBM_IDS.seekPosition, position, SEEK_POSITION_BYTES),
  ]);
}

function validateFrames(track: WebmVideoTrack, frames: readonly WebmEncodedFrame[]): void {
  if (frames.length === 0) throw new RangeError('A WebM file needs at least one frame');
  if (!frames[0].keyFrame) throw new RangeError('The first frame must be a key frame');
  if (!(track.frameDurationMs > 0)) throw new RangeError(`Invalid frame duration ${track.frameDurationMs}`);
  for (let index = 0; index < frames.length; index += 1) {
    const timestamp = frames[index].timestampMs;
    if (!Number.isInteger(timestamp) || timestamp < 0)
      throw new RangeError(`Frame ${index}: timestamp ${timestamp} is not a whole millisecond`);
    if (index > 0 && timestamp <= frames[index - 1].timestampMs)
      throw new RangeError(`Frame ${index}: timestamps must increase`);
  }
}

/** Packages encoded video frames (in presentation order) into a seekable WebM file. */
export function muxWebm(
  track: WebmVideoTrack,
  frames: readonly WebmEncodedFrame[],
  options: WebmMuxOptions,
): Uint8Array {
  validateFrames(track, frames);
  const durationMs = frames[frames.length - 1].timestampMs + track.frameDurationMs;

  const header = element(WEBM_IDS.ebml, [
    unsignedElement(WEBM_IDS.ebmlVersion, 1),
    unsignedElement(WEBM_IDS.ebmlReadVersion, 1),
    unsignedElement(WEBM_IDS.ebmlMaxIdLength, 4),
    unsignedElement(WEBM_IDS.ebmlMaxSizeLength, 8),
    stringElement(WEBM_IDS.docType, 'webm'),
    unsignedElement(WEBM_IDS.docTypeVersion, 4),
    unsignedElement(WEBM_IDS.docTypeReadVersion, 2),
  ]);
  const info = element(WEBM_IDS.info, [
    unsignedElement(WEBM_IDS.timestampScale, TIMESTAMP_SCALE_NS),
    stringElement(WEBM_IDS.muxingApp, options.writingApp),
    stringElement(WEBM_IDS.writingApp, options.writingApp),
    floatElement(WEBM_IDS.duration, durationMs),
  ]);
  const tracks = element(WEBM_IDS.tracks, [
    element(WEBM_IDS.trackEntry, [
      unsignedElement(WEBM_IDS.trackNumber, TRACK_NUMBER),
      unsignedElement(WEBM_IDS.trackUid, TRACK_NUMBER),
      unsignedElement(WEBM_IDS.flagLacing, 0),
      stringElement(WEBM_IDS.codecId, track.codecId),
      unsignedElement(WEBM_IDS.trackType, TRACK_TYPE_VIDEO),
      unsignedElement(WEBM_IDS.defaultDuration, Math.round(track.frameDurationMs * TIMESTAMP_SCALE_NS)),
      element(WEBM_IDS.video, [
        unsignedElement(WEBM_IDS.pixelWidth, track.width),
        unsignedElement(WEBM_IDS.pixelHeight, track.height),
      ]),
    ]),
  ]);
  const clusters = buildClusters(frames);

  // Positions are relative to the start of the Segment's data. The SeekHead comes first and
  // its size does not depend on the positions it holds (fixed-width SeekPosition).
  const seekHeadSize = element(WEBM_IDS.seekHead, [
    seekEntry(WEBM_IDS.info, 0),
    seekEntry(WEBM_IDS.tracks, 0),
    seekEntry(WEBM_IDS.cues, 0),
  ]).length;
  const infoPosition = seekHeadSize;
  const tracksPosition = infoPosition + info.length;
  let position = tracksPosition + tracks.length;
  const cuePoints: Uint8Array[] = [];
  for (const cluster of clusters) {
    if (cluster.startsWithKeyFrame) {
      cuePoints.push(
        element(WEBM_IDS.cuePoint, [
          unsignedElement(WEBM_IDS.cueTime, cluster.timestampMs),
          element(WEBM_IDS.cueTrackPositions, [
            unsignedElement(WEBM_IDS.cueTrack, TRACK_NUMBER),
            unsignedElement(WEBM_IDS.cueClusterPosition, position),
          ]),
        ]),
      );
    }
    position += cluster.bytes.length;
  }
  const cuesPosition = position;
  const seekHead = element(WEBM_IDS.seekHead, [
    seekEntry(WEBM_IDS.info, infoPosition),
    seekEntry(WEBM_IDS.tracks, tracksPosition),
    seekEntry(WEBM_IDS.cues, cuesPosition),
  ]);
  const cues = element(WEBM_IDS.cues, cuePoints);
  const segment = element(WEBM_IDS.segment, [
    seekHead,
    info,
    tracks,
    ...clusters.map((cluster) => cluster.bytes),
    cues,
  ]);
  return concat([header, segment]);
}

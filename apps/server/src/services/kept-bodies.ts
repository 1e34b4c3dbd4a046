import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gzip } from 'node:zlib';

const compressWithBrotli = promisify(brotliCompress);
const decompressBrotli = promisify(brotliDecompress);
const compressWithGzip = promisify(gzip);

/** The codings a finished solve's answer is sent in; brotli is the one kept. */
export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** An answer built once (a finished solve, a list): brotli-compressed JSON and the hash of that JSON. */
export interface FinishedBody {
  /** Hex SHA-256 of the JSON: the strong ETag names it, with the coding (`"<hash>-br"`). */
  readonly hash: string;
  /** Bytes of the JSON before compression. */
  readonly jsonBytes: number;
  readonly brotli: Buffer;
}

interface Entry {
  userId: number;
  version: string;
  body: Promise<FinishedBody | null>;
  bytes: number;
  gzip?: Promise<Buffer>;
}

/**
 * Kept bodies may use this much memory (compressed: a 400-robot, 20,000-order day is about 2 MB of
 * brotli, its JSON 15 MB); the least recently read go first.
 */
export const DEFAULT_FINISHED_BODY_BUDGET_BYTES = 64 * 1024 * 1024;

/** Brotli quality for bodies built once and sent many times: smaller than on-the-fly answers, still fast. */
const STORED_BROTLI_QUALITY = 5;

/**
 * Answers built once per API process and kept compressed, each under a key and for one version
 * of the rows it was built from, so a read that finds its version kept neither reads the rows
 * again nor compresses them again. A finished solve (completed or failed: nothing in it changes
 * again) is kept under its id for its solve's, environment's and task's update times, so GET
 * /solves/{id} of a large day costs a version read; a list under its user and URL for the
 * versions of the tables it shows, so an unchanged list is not rebuilt and recompressed per
 * request. An entry is served only to its owner and only for its version: a deleted, re-run or
 * otherwise changed record is never answered from here. Several requests for a body being built
 * wait for that one build.
 */
export class KeptBodies<Key extends number | string> {
  private readonly entries = new Map<Key, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_FINISHED_BODY_BUDGET_BYTES) {}

  /**
   * The body under `key` at `version` for `userId`: kept, being built, or built now from
   * `buildJson` (which answers null when the rows are no longer at that version: nothing is kept).
   */
  async obtain(
    key: Key,
    userId: number,
    version: string,
    buildJson: () => Promise<string | null>,
  ): Promise<FinishedBody | null> {
    const kept = this.entries.get(key);
    if (kept && kept.userId === userId && kept.version === version) {
      // Read again: it moves to the end of the eviction order.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.body;
    }
    if (kept) this.forget(key);
    const entry: Entry = { userId, version, bytes: 0, body: this.build(buildJson) };
    this.entries.set(key, entry);
    const body = await entry.body.catch((error: unknown) => {
      this.forgetEntry(key, entry);
      throw error;
    });
    if (!body) {
      this.forgetEntry(key, entry);
      return null;
    }
    if (this.entries.get(key) === entry && entry.bytes === 0) {
      entry.bytes = body.brotli.length;
      this.bytes += entry.bytes;
      this.evictOverBudget();
    }
    return body;
  }

  /** The body in `encoding`: brotli as kept, gzip made once on first demand, identity unpacked each time. */
  async encode(key: Key, body: FinishedBody, encoding: BodyEncoding): Promise<Buffer> {
    if (encoding === 'br') return body.brotli;
    const json = await decompressBrotli(body.brotli);
    if (encoding === 'identity') return json;
    const entry = this.entries.get(key);
    if (!entry) return compressWithGzip(json);
    entry.gzip ??= compressWithGzip(json).then((packed) => {
      entry.bytes += packed.length;
      this.bytes += packed.length;
      this.evictOverBudget();
      return packed;
    });
    return entry.gzip;
  }

  /** Drops what is kept under a key (a deleted or cancelled solve); other processes check versions instead. */
  forget(key: Key): void {
    const entry = this.entries.get(key);
    if (entry) this.forgetEntry(key, entry);
  }

  /** Bytes kept now, for tests and figures. */
  get keptBytes(): number {
    return this.bytes;
  }

  private async build(buildJson: () => Promise<string | null>): Promise<FinishedBody | null> {
    const json = await buildJson();
    if (json === null) return null;
    const brotli = await compressWithBrotli(json, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: STORED_BROTLI_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    });
    return { hash: createHash('sha256').update(json).digest('hex'), jsonBytes: Buffer.byteLength(json), brotli };
  }

  private forgetEntry(key: Key, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evictOverBudget(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes || this.entries.size <= 1) return;
      this.forgetEntry(key, entry);
    }
  }
}

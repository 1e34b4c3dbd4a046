import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlibConstants, gzip } from 'node:zlib';

const compressWithBrotli = promisify(brotliCompress);
const decompressBrotli = promisify(brotliDecompress);
const compressWithGzip = promisify(gzip);

/** The codings a finished solve's answer is sent in; brotli is the one kept. */
export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** A finished solve's answer, built once: brotli-compressed JSON and the hash of that JSON. */
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
 * The answers of finished solves (completed or failed: nothing in them changes again), built once
 * per API process and kept compressed, so GET /solves/{id} of a large day neither reads the plan
 * from the database nor compresses it again. An entry is served only to its owner and only for the
 * version of the rows it was built from (the solve's, its environment's and its task's update
 * times): a deleted, re-run or otherwise changed solve is never answered from here. Several
 * requests for a body being built wait for that one build.
 */
export class FinishedSolveBodies {
  private readonly entries = new Map<number, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_FINISHED_BODY_BUDGET_BYTES) {}

  /**
   * The body of solve `solveId` at `version` for `userId`: kept, being built, or built now from
   * `buildJson` (which answers null when the solve is no longer at that version: nothing is kept).
   */
  async obtain(
    solveId: number,
    userId: number,
    version: string,
    buildJson: () => Promise<string | null>,
  ): Promise<FinishedBody | null> {
    const kept = this.entries.get(solveId);
    if (kept && kept.userId === userId && kept.version === version) {
      // Read again: it moves to the end of the eviction order.
      this.entries.delete(solveId);
      this.entries.set(solveId, kept);
      return kept.body;
    }
    if (kept) this.forget(solveId);
    const entry: Entry = { userId, version, bytes: 0, body: this.build(buildJson) };
    this.entries.set(solveId, entry);
    const body = await entry.body.catch((error: unknown) => {
      this.forgetEntry(solveId, entry);
      throw error;
    });
    if (!body) {
      this.forgetEntry(solveId, entry);
      return null;
    }
    if (this.entries.get(solveId) === entry && entry.bytes === 0) {
      entry.bytes = body.brotli.length;
      this.bytes += entry.bytes;
      this.evictOverBudget();
    }
    return body;
  }

  /** The body in `encoding`: brotli as kept, gzip made once on first demand, identity unpacked each time. */
  async encode(solveId: number, body: FinishedBody, encoding: BodyEncoding): Promise<Buffer> {
    if (encoding === 'br') return body.brotli;
    const json = await decompressBrotli(body.brotli);
    if (encoding === 'identity') return json;
    const entry = this.entries.get(solveId);
    if (!entry) return compressWithGzip(json);
    entry.gzip ??= compressWithGzip(json).then((packed) => {
      entry.bytes += packed.length;
      this.bytes += packed.length;
      this.evictOverBudget();
      return packed;
    });
    return entry.gzip;
  }

  /** Drops what is kept of a solve (deleted or cancelled); other processes check versions instead. */
  forget(solveId: number): void {
    const entry = this.entries.get(solveId);
    if (entry) this.forgetEntry(solveId, entry);
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

  private forgetEntry(solveId: number, entry: Entry): void {
    if (this.entries.get(solveId) !== entry) return;
    this.entries.delete(solveId);
    this.bytes -= entry.bytes;
  }

  private evictOverBudget(): void {
    for (const [solveId, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes || this.entries.size <= 1) return;
      this.forgetEntry(solveId, entry);
    }
  }
}

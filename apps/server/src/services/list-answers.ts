import { KeptBodies, type BodyEncoding, type FinishedBody } from './kept-bodies.ts';
import { RememberedReads } from './remembered-reads.ts';

/**
 * Lists kept compressed may use this much memory; the least recently read go first. A list of
 * the xl1 and a 200-robot layout is about 100 KB of JSON and 10 KB of brotli.
 */
const LIST_BUDGET_BYTES = 16 * 1024 * 1024;

/** A list's answer: its body built once for the version of the rows it shows, and that body in a coding. */
export interface ListAnswer {
  body: FinishedBody;
  encode: (encoding: BodyEncoding) => Promise<Buffer>;
}

/**
 * GET lists (environments, scenarios, tasks, solves, experiments) built once per version of the
 * rows they show and kept compressed, per user and URL (filters included): a page's list read
 * again costs a version read (a few aggregates over the caller's rows; on the embedded database
 * not even that while nothing was written, see `RememberedReads`) instead of a rebuild, a
 * JSON serialisation and a compression per request, and carries a strong ETag, so a browser's
 * revalidation costs a 304. Any write (here or in another API process, or a solve moving on)
 * changes the version, so a changed list is never answered from here.
 */
export class ListAnswers {
  private readonly kept = new KeptBodies<string>(LIST_BUDGET_BYTES);
  /** Per user, the writes this process has answered: two writes within one clock millisecond leave the rows' version alike. */
  private readonly writes = new Map<number, number>();
  /** Per user and URL, the rows' version, read again only after a write (see `RememberedReads`). */
  private readonly versions: RememberedReads<string>;

  constructor(writeGeneration?: () => number) {
    this.versions = new RememberedReads(writeGeneration);
  }

  /** A write of the user's ended here: nothing kept before it is answered again. */
  noteWrite(userId: number): void {
    this.writes.set(userId, (this.writes.get(userId) ?? 0) + 1);
  }

  async answer(
    userId: number,
    url: string,
    readRowsVersion: () => Promise<string>,
    build: () => Promise<unknown>,
  ): Promise<ListAnswer> {
    const key = `${userId} ${url}`;
    const version = `${await this.versions.read(key, readRowsVersion)} #${this.writes.get(userId) ?? 0}`;
    const body = await this.kept.obtain(key, userId, version, async () => JSON.stringify(await build()));
    if (!body) throw new Error(`The list ${url} built no body`);
    return { body, encode: (encoding) => this.kept.encode(key, body, encoding) };
  }
}

/** One version of several tables' rows, read side by side. */
export async function versionOf(...versions: Promise<string>[]): Promise<string> {
  return (await Promise.all(versions)).join(' ');
}

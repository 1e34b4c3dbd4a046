/** Reads remembered between two writes at most; past it they are read again. */
const MAX_REMEMBERED_READS = 10_000;

/**
 * Small reads (a list's or a solve's version: a few aggregates or timestamps) remembered while
 * the database has finished no write since. Only with `writeGeneration`, the database's count of
 * finished writes, given when this process is its only writer (the embedded database, behind its
 * data-dir lock), where a remembered read spares a round trip to the database's one thread that
 * every other query also waits for; without it every read is made.
 *
 * A read is remembered only if no write finished while it was made; the count is taken before
 * the read and a write counts once committed, so a remembered value is never older than the
 * rows at that count.
 */
export class RememberedReads<Value> {
  private readonly values = new Map<string, Value>();
  private generation = -1;

  constructor(private readonly writeGeneration?: () => number) {}

  async read(key: string, readNow: () => Promise<Value>): Promise<Value> {
    const generation = this.writeGeneration?.();
    if (generation === undefined) return readNow();
    if (generation !== this.generation || this.values.size >= MAX_REMEMBERED_READS) {
      this.values.clear();
      this.generation = generation;
    }
    if (this.values.has(key)) return this.values.get(key) as Value;
    const value = await readNow();
    if (this.writeGeneration?.() === generation && this.generation === generation) this.values.set(key, value);
    return value;
  }
}

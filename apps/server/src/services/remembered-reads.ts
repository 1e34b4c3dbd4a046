/** Reads remembered between two writes at most; past it they are read again. */
const MAX_REMEMBERED_READS = 10_000;

/**
 * Small reads (a list's or a solve's version: a few aggregates or timestamps) remembered while
 * the database has finished no write since. Only with `writeGeneration`, the database's count of
 * finished writes, given when this process is its only writer (the embedded database, behind its
 * data-dir lock), where a remembered read spares a round trip to the database's one thread that
 * every other query also waits for; without it every read is made.
 *
 * The count is taken before the read and a write counts once committed, so a remembered value
 * is never older than the rows at that count. Callers at the same count share one read, also
 * while it is under way: after each write (a running solve writes its progress every second) a
 * crowd of readers costs one query, not one each. A failed read is not remembered.
 */
export class RememberedReads<Value> {
  private readonly values = new Map<string, Promise<Value>>();
  private generation = -1;

  constructor(private readonly writeGeneration?: () => number) {}

  async read(key: string, readNow: () => Promise<Value>): Promise<Value> {
    const generation = this.writeGeneration?.();
    if (generation === undefined) return readNow();
    if (generation !== this.generation || this.values.size >= MAX_REMEMBERED_READS) {
      this.values.clear();
      this.generation = generation;
    }
    const remembered = this.values.get(key);
    if (remembered) return remembered;
    const reading = readNow();
    this.values.set(key, reading);
    reading.catch(() => {
      if (this.values.get(key) === reading) this.values.delete(key);
    });
    return reading;
  }
}

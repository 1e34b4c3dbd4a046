/** Reads remembered between two writes at most; past it they are read again. */
const MAX_REMEMBERED_READS = 10_000;

/**
 * Small reads (a list's or a solve's version: a few aggregates or timestamps, keyed by what they
 * read and for whom, so one key is one query) remembered while
 * the database has finished no write since. Only with `writeGeneration`, the database's count of
 * finished writes, given when this process is its only writer (the embedded database, behind its
 * data-dir lock), where a remembered read spares a round trip to the database's one thread that
 * every other query also waits for.
 *
 * Without it (PostgreSQL, which other processes write too) nothing is remembered, but readers of
 * one key that come together still share: a caller never takes a read that began before it came
 * (a write committed just before could be missing from it); it waits for the next one, which
 * starts when the read under way ends and serves everyone who came meanwhile. So at most one read
 * per key is under way, whatever the crowd (20 clients reading one finished solve: one query at a
 * time, not 20), and every answer is at least as new as the caller's arrival.
 *
 * The count is taken before the read and a write counts once committed, so a remembered value
 * is never older than the rows at that count. Callers at the same count share one read, also
 * while it is under way: after each write (a running solve writes its progress every second) a
 * crowd of readers costs one query, not one each. A failed read is not remembered.
 */
export class RememberedReads<Value> {
  private readonly values = new Map<string, Promise<Value>>();
  private generation = -1;
  /** Without a write count: per key, the read under way and the one waiting to start after it. */
  private readonly underWay = new Map<string, SharedRead<Value>>();

  constructor(private readonly writeGeneration?: () => number) {}

  async read(key: string, readNow: () => Promise<Value>): Promise<Value> {
    const generation = this.writeGeneration?.();
    if (generation === undefined) return this.readAfterArrival(key, readNow);
    if (generation !== this.generation || this.values.size >= MAX_REMEMBERED_READS) {
      this.values.clear();
      this.generation = generation;
    }
    const remembered = this.values.get(key);
    if (remembered !== undefined) return remembered;
    const reading = readNow();
    this.values.set(key, reading);
    reading.catch(() => {
      if (this.values.get(key) === reading) this.values.delete(key);
    });
    return reading;
  }

  private readAfterArrival(key: string, readNow: () => Promise<Value>): Promise<Value> {
    const shared = this.underWay.get(key);
    if (!shared) {
      const started: SharedRead<Value> = { current: Promise.resolve(undefined as Value), next: null };
      this.underWay.set(key, started);
      return this.start(key, started, readNow);
    }
    const ended = () => undefined;
    shared.next ??= shared.current.then(ended, ended).then(() => this.start(key, shared, readNow));
    return shared.next;
  }

  private start(key: string, shared: SharedRead<Value>, readNow: () => Promise<Value>): Promise<Value> {
    shared.next = null;
    const current = readNow();
    shared.current = current;
    const settled = () => {
      if (shared.current === current && shared.next === null) this.underWay.delete(key);
    };
    current.then(settled, settled);
    return current;
  }
}

interface SharedRead<Value> {
  current: Promise<Value>;
  /** The read that starts when `current` ends, taken by everyone who came while it ran. */
  next: Promise<Value> | null;
}

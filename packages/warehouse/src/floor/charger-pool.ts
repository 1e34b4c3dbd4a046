/**
 * The chargers of every station and the one rule for who charges when: first come, first
 * served. A robot's charge starts at the later of its arrival and the moment a charger of its
 * station is free; robots are served in order of arrival, and robots arriving at the same moment
 * in the order of the fleet (the environment's robot order). The plan's schedule, each robot
 * alone on the floor and the shared run all claim chargers through this class, so the three
 * queue alike.
 *
 * Claims must be made in that order: by arrival, then robot order. Times are in any unit the
 * caller keeps (steps or seconds).
 */
export class ChargerPool {
  /** Per station, the moment each of its chargers is next free. */
  private readonly freeAt: number[][];

  constructor(chargersPerStation: readonly number[]) {
    this.freeAt = chargersPerStation.map((count) => new Array<number>(Math.max(1, count)).fill(-Infinity));
  }

  /** The moment the first charger of `station` is free. */
  firstFree(station: number): number {
    let first = Infinity;
    for (const free of this.freeAt[station]) first = Math.min(first, free);
    return first;
  }

  /** Whether a robot of `station` could start charging at `time`. */
  hasFreeCharger(station: number, time: number): boolean {
    return this.firstFree(station) <= time;
  }

  /**
   * Takes the first free charger of `station` for a robot that arrived at `arrival` and charges
   * for `duration`; returns the moment its charge starts.
   */
  claim(station: number, arrival: number, duration: number): number {
    const chargers = this.freeAt[station];
    let chosen = 0;
    for (let k = 1; k < chargers.length; k++) if (chargers[k] < chargers[chosen]) chosen = k;
    const start = Math.max(arrival, chargers[chosen]);
    chargers[chosen] = start + duration;
    return start;
  }
}

import type {
  GenerationDropoff,
  GenerationEnvironment,
  GenerationPickup,
  PickupDropoffPair,
} from './task-generator.ts';

/** The ids a generated pair may use, looked up once per request. */
export interface EnvironmentCatalog {
  /** The pickups a pair may start at: those with a servable dropoff, when that is known. */
  readonly pickups: readonly GenerationPickup[];
  readonly dropoffs: readonly GenerationDropoff[];
  readonly pickupsById: ReadonlyMap<string, GenerationPickup>;
  readonly dropoffsById: ReadonlyMap<string, GenerationDropoff>;
  /** Each pickup's dropoffs some robot can deliver to; absent: all of them. */
  readonly servableDropoffs?: ReadonlyMap<string, readonly string[]>;
}

export function buildEnvironmentCatalog(
  environment: GenerationEnvironment,
  servableDropoffs?: ReadonlyMap<string, readonly string[]>,
): EnvironmentCatalog {
  const all = environment.elements.pickups ?? [];
  const pickups = servableDropoffs ? all.filter((pickup) => servableDropoffs.has(pickup.id)) : all;
  const dropoffs = environment.elements.dropoffs ?? [];
  return {
    pickups,
    dropoffs,
    pickupsById: new Map(all.map((pickup) => [pickup.id, pickup])),
    dropoffsById: new Map(dropoffs.map((dropoff) => [dropoff.id, dropoff])),
    ...(servableDropoffs ? { servableDropoffs } : {}),
  };
}

/** The dropoffs a pair from `pickupId` may end at. */
export function dropoffsFrom(catalog: EnvironmentCatalog, pickupId: string): readonly GenerationDropoff[] {
  if (!catalog.servableDropoffs) return catalog.dropoffs;
  return (catalog.servableDropoffs.get(pickupId) ?? []).flatMap((id) => catalog.dropoffsById.get(id) ?? []);
}

/**
 * Why an environment cannot receive tasks, or null when it can. Worded for the planner:
 * it is the 400 detail of POST /tasks/generate.
 */
export function describeMissingTaskPoints(environment: GenerationEnvironment): string | null {
  const hasPickups = (environment.elements.pickups ?? []).length > 0;
  const hasDropoffs = (environment.elements.dropoffs ?? []).length > 0;
  if (hasPickups && hasDropoffs) return null;
  const missing = [!hasPickups && 'pickup points', !hasDropoffs && 'dropoff points'].filter(Boolean).join(' or ');
  return `The environment '${environment.name}' of this scenario has no ${missing}; add them in the grid editor before generating tasks`;
}

const LISTED_IDS = 5;

/** "3 unknown pickup ids (P99, P98, P97)", listing at most five ids. */
function describeIds(count: number, what: string, ids: readonly string[]): string {
  const unique = [...new Set(ids)];
  const listed = unique.slice(0, LISTED_IDS).join(', ');
  const more = unique.length > LISTED_IDS ? ', ...' : '';
  return `${count} unknown ${what} id${count === 1 ? '' : 's'} (${listed}${more})`;
}

/**
 * What is wrong with a list of pairs for this environment: the wrong count and every id
 * that is not a pickup (resp. dropoff) of the environment. Empty when the list is valid.
 */
export function findPairProblems(
  pairs: readonly PickupDropoffPair[],
  catalog: EnvironmentCatalog,
  expectedCount: number,
): string[] {
  const problems: string[] = [];
  if (pairs.length !== expectedCount) {
    problems.push(`${pairs.length} pair${pairs.length === 1 ? '' : 's'} instead of ${expectedCount}`);
  }
  const unknownPickups = pairs.map(([pickupId]) => pickupId).filter((id) => !catalog.pickupsById.has(id));
  const unknownDropoffs = pairs.map(([, dropoffId]) => dropoffId).filter((id) => !catalog.dropoffsById.has(id));
  const uniquePickups = new Set(unknownPickups).size;
  const uniqueDropoffs = new Set(unknownDropoffs).size;
  if (uniquePickups > 0) problems.push(describeIds(uniquePickups, 'pickup', unknownPickups));
  if (uniqueDropoffs > 0) problems.push(describeIds(uniqueDropoffs, 'dropoff', unknownDropoffs));
  const unservable = pairs.filter(
    ([pickupId, dropoffId]) =>
      catalog.pickupsById.has(pickupId) &&
      catalog.dropoffsById.has(dropoffId) &&
      !dropoffsFrom(catalog, pickupId).some((dropoff) => dropoff.id === dropoffId),
  );
  if (unservable.length > 0) {
    const listed = unservable.slice(0, LISTED_IDS).map(([pickupId, dropoffId]) => `${pickupId} -> ${dropoffId}`);
    problems.push(
      `${unservable.length} pair${unservable.length === 1 ? '' : 's'} no robot can deliver (${listed.join(', ')}${unservable.length > LISTED_IDS ? ', ...' : ''})`,
    );
  }
  return problems;
}

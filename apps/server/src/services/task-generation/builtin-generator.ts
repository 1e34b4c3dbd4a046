import { chooseDemandProfile, HOTSPOT_ORDER_SHARE, hotPickupCount } from './demand-profile.ts';
import { buildEnvironmentCatalog, dropoffsFrom } from './environment-catalog.ts';
import { createSeededRandom, seedFromText, shuffled, type SeededRandom } from '@fleetlab/warehouse';
import type {
  DemandProfile,
  GeneratedTasks,
  GenerationPickup,
  PickupDropoffPair,
  TaskGenerationRequest,
  TaskGenerator,
} from './task-generator.ts';

/**
 * The seed used when the request names none: a hash of everything that defines the
 * request, so asking twice for the same preview shows the same tasks.
 */
export function defaultSeedFor(request: TaskGenerationRequest): number {
  return seedFromText(
    JSON.stringify([
      request.scenario.id,
      request.environment.id,
      request.numTasks,
      request.name ?? '',
      request.description ?? '',
      request.profile ?? '',
    ]),
  );
}

function pickOne<T>(items: readonly T[], random: SeededRandom): T {
  return items[random.int(items.length)];
}

/**
 * Draws pickups for the hot-spot profile: a random fifth of the pickups (the fast movers)
 * takes HOTSPOT_ORDER_SHARE of the orders, the rest share what is left evenly.
 */
function hotspotPickupDrawer(pickups: readonly GenerationPickup[], random: SeededRandom) {
  const order = shuffled(pickups, random);
  const hot = order.slice(0, hotPickupCount(pickups.length));
  const cold = order.slice(hot.length);
  const draw = (): GenerationPickup =>
    cold.length === 0 || random.next() < HOTSPOT_ORDER_SHARE ? pickOne(hot, random) : pickOne(cold, random);
  return { hot, draw };
}

/**
 * Generates pairs from a seeded random source; every id comes from the environment, and every
 * pair is one some robot can deliver (`request.servableDropoffs`).
 */
export class BuiltinTaskGenerator implements TaskGenerator {
  readonly label = 'built-in';
  readonly kind = 'builtin';

  async generate(request: TaskGenerationRequest): Promise<GeneratedTasks> {
    const catalog = buildEnvironmentCatalog(request.environment, request.servableDropoffs);
    if (catalog.pickups.length === 0 || catalog.dropoffs.length === 0) {
      // The route checks this first; a direct caller still gets a clear failure.
      throw new RangeError('the environment needs at least one pickup and one dropoff');
    }
    const profile: DemandProfile =
      request.profile ?? chooseDemandProfile(request.description, request.scenario.description);
    const seed = request.seed ?? defaultSeedFor(request);
    const random = createSeededRandom(seed);

    const details: Record<string, unknown> = { seed, profile };
    let drawPickup: () => GenerationPickup = () => pickOne(catalog.pickups, random);
    if (profile === 'hotspot') {
      const drawer = hotspotPickupDrawer(catalog.pickups, random);
      drawPickup = drawer.draw;
      details.hot_pickups = drawer.hot.map((pickup) => pickup.id);
    }

    const pairs: PickupDropoffPair[] = [];
    for (let index = 0; index < request.numTasks; index++) {
      const pickup = drawPickup();
      pairs.push([pickup.id, pickOne(dropoffsFrom(catalog, pickup.id), random).id]);
    }
    return { pairs, generator: { kind: 'builtin', profile }, details };
  }
}

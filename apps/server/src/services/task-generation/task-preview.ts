import { buildEnvironmentCatalog } from './environment-catalog.ts';
import type { GeneratedTasks, GeneratorInfo, TaskGenerationRequest } from './task-generator.ts';

/** Priority of generated tasks; the planner can edit records later, the solver ignores it. */
export const GENERATED_TASK_PRIORITY = 'medium';
const MAX_NAME_LENGTH = 200;

export interface TaskPreview {
  name: string;
  description: string;
  task_type: 'pickup_delivery';
  scenario_id: number;
  details: {
    tasks: [string, string][];
    start_point: [number, number];
    end_point: [number, number];
    priority: string;
    additional_details: Record<string, unknown> & { generator: GeneratorInfo };
  };
}

/** "the built-in generator (hot-spot profile)" or "the language model gpt-4o-mini". */
export function describeGenerator(generator: GeneratorInfo): string {
  if (generator.kind === 'llm') return `the language model ${generator.model ?? '(unnamed)'}`;
  const profile = generator.profile === 'hotspot' ? 'hot-spot' : (generator.profile ?? 'uniform');
  return `the built-in generator (${profile} profile)`;
}

/**
 * Value of the X-Task-Generator response header, e.g. `builtin; profile=hotspot` or
 * `llm; model=gpt-4o-mini` (the model name URI-encoded so any name is a legal header).
 */
export function generatorHeaderValue(generator: GeneratorInfo): string {
  const parts: string[] = [generator.kind];
  if (generator.model !== undefined) parts.push(`model=${encodeURIComponent(generator.model)}`);
  if (generator.profile !== undefined) parts.push(`profile=${generator.profile}`);
  return parts.join('; ');
}

function toPoint(position: readonly number[] | undefined): [number, number] {
  return [position?.[0] ?? 0, position?.[1] ?? 0];
}

/**
 * The unsaved task POST /tasks/generate returns: all pairs in one task, starting at the
 * first pickup and ending at the last dropoff, with the generator named in its details.
 */
export function buildTaskPreview(request: TaskGenerationRequest, generated: GeneratedTasks): TaskPreview {
  const catalog = buildEnvironmentCatalog(request.environment);
  const firstPair = generated.pairs[0];
  const lastPair = generated.pairs[generated.pairs.length - 1];
  const count = generated.pairs.length;
  const name = (request.name?.trim() || `Generated tasks for ${request.scenario.name}`).slice(0, MAX_NAME_LENGTH);
  const description =
    request.description?.trim() ||
    `${count} pickup-and-delivery pair${count === 1 ? '' : 's'} made by ${describeGenerator(generated.generator)}.`;
  return {
    name,
    description,
    task_type: 'pickup_delivery',
    scenario_id: request.scenario.id,
    details: {
      tasks: generated.pairs.map(([pickupId, dropoffId]) => [pickupId, dropoffId]),
      start_point: toPoint(catalog.pickupsById.get(firstPair?.[0] ?? '')?.position),
      end_point: toPoint(catalog.dropoffsById.get(lastPair?.[1] ?? '')?.position),
      priority: GENERATED_TASK_PRIORITY,
      additional_details: { ...generated.details, generator: generated.generator },
    },
  };
}

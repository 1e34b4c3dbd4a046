// The contract shared by both task generators and the route that serves them.
// The shapes are structural on purpose: any environment or scenario record with these
// fields (the stored record, a test fixture) can be handed to a generator unchanged.

export type DemandProfile = 'uniform' | 'hotspot';
export const DEMAND_PROFILES: readonly DemandProfile[] = ['uniform', 'hotspot'];

export type PickupDropoffPair = [pickupId: string, dropoffId: string];

export interface GenerationPickup {
  readonly id: string;
  readonly position: readonly number[];
  readonly shelf_id?: string | null;
  readonly side?: string | null;
}

export interface GenerationDropoff {
  readonly id: string;
  readonly position: readonly number[];
}

export interface GenerationEnvironment {
  readonly id: number;
  readonly name: string;
  readonly elements: {
    readonly pickups?: readonly GenerationPickup[] | null;
    readonly dropoffs?: readonly GenerationDropoff[] | null;
  };
}

export interface GenerationScenario {
  readonly id: number;
  readonly name: string;
  readonly description?: string | null;
}

export interface TaskGenerationRequest {
  readonly scenario: GenerationScenario;
  readonly environment: GenerationEnvironment;
  /**
   * Each pickup's dropoffs some robot can deliver to (`servableDropoffsByPickup`): pairs are drawn
   * from these only. Absent: every pickup with every dropoff.
   */
  readonly servableDropoffs?: ReadonlyMap<string, readonly string[]>;
  /** How many pickup-dropoff pairs to produce (1 to 1000). */
  readonly numTasks: number;
  readonly name?: string;
  /** The planner's free text; it may steer which shelves and dropoffs are busy. */
  readonly description?: string;
  /** Built-in generator only: overrides the profile read from the description. */
  readonly profile?: DemandProfile;
  /** Built-in generator only: overrides the seed derived from the request. */
  readonly seed?: number;
}

/** Which generator made a set of tasks; shown to the planner so nothing is silently substituted. */
export interface GeneratorInfo {
  kind: 'builtin' | 'llm';
  model?: string;
  profile?: DemandProfile;
}

export interface GeneratedTasks {
  pairs: PickupDropoffPair[];
  generator: GeneratorInfo;
  /** Extra facts about the run (seed, hot pickups) kept in the task's additional_details. */
  details: Record<string, unknown>;
}

export interface TaskGenerator {
  /** Short description for logs and the README, e.g. "built-in" or "LLM gpt-4o-mini". */
  readonly label: string;
  /** Which generator this is, so a planner can be told before generating (GET /tasks/generator). */
  readonly kind: GeneratorInfo['kind'];
  /** The configured model of a language-model generator. */
  readonly model?: string;
  generate(request: TaskGenerationRequest): Promise<GeneratedTasks>;
}

/**
 * A generation that produced no tasks. The message is written for the planner (it is sent
 * as the 502 detail) and never carries credentials or internal addresses.
 */
export class TaskGenerationError extends Error {
  readonly statusCode = 502;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TaskGenerationError';
  }
}

export function isTaskGenerationError(error: unknown): error is TaskGenerationError {
  return error instanceof TaskGenerationError;
}

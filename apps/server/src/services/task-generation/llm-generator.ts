import { STATUS_CODES } from 'node:http';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { buildEnvironmentCatalog, findPairProblems, type EnvironmentCatalog } from './environment-catalog.ts';
import {
  buildGenerationMessage,
  buildPairsJsonSchema,
  buildRepairMessage,
  LLM_SYSTEM_PROMPT,
  maxTokensFor,
  PAIRS_SCHEMA_NAME,
} from './llm-prompt.ts';
import {
  TaskGenerationError,
  type GeneratedTasks,
  type PickupDropoffPair,
  type TaskGenerationRequest,
  type TaskGenerator,
} from './task-generator.ts';

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
export const DEFAULT_LLM_MAX_RETRIES = 1;

export interface LlmTaskGeneratorOptions {
  /** OpenAI-compatible API root, e.g. http://localhost:11434/v1 for Ollama; the SDK default is OpenAI. */
  baseURL?: string;
  apiKey: string;
  model: string;
  /** Per attempt; a timed-out attempt is retried once like a 429 or 5xx. */
  timeoutMs?: number;
  maxRetries?: number;
}

const answerSchema = z.object({
  pairs: z.array(z.object({ pickup_id: z.string(), dropoff_id: z.string() })),
});

type AnswerReading = { pairs: PickupDropoffPair[]; problems: [] } | { pairs: null; problems: string[] };

/** Models without structured output sometimes wrap JSON in a Markdown fence. */
function stripCodeFence(text: string): string {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text.trim());
  return fenced ? fenced[1] : text.trim();
}

/** Reads one chat answer into pairs valid for the environment, or the list of what is wrong. */
export function readPairsAnswer(
  completion: ChatCompletion,
  catalog: EnvironmentCatalog,
  numTasks: number,
): AnswerReading {
  const choice = completion.choices?.[0];
  const message = choice?.message;
  if (message?.refusal) return { pairs: null, problems: [`a refusal ("${message.refusal.slice(0, 200)}")`] };
  const content = message?.content?.trim();
  if (!content) return { pairs: null, problems: ['an empty answer'] };

  let json: unknown;
  try {
    json = JSON.parse(stripCodeFence(content));
  } catch {
    const cutOff = choice?.finish_reason === 'length' ? ' cut off at the token limit' : '';
    return { pairs: null, problems: [`invalid JSON${cutOff}`] };
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { pairs: null, problems: [`JSON that does not match the schema (${where}${issue.message})`] };
  }
  const pairs = parsed.data.pairs.map((pair): PickupDropoffPair => [pair.pickup_id, pair.dropoff_id]);
  const problems = findPairProblems(pairs, catalog, numTasks);
  return problems.length === 0 ? { pairs, problems: [] } : { pairs: null, problems };
}

function formatDuration(milliseconds: number): string {
  return milliseconds < 1000 ? `${milliseconds} ms` : `${Math.round(milliseconds / 100) / 10} s`;
}

/**
 * Asks an OpenAI-compatible chat model (OpenAI, Ollama, vLLM, LM Studio) for the pairs,
 * with a strict JSON-schema answer format. An invalid answer gets one repair round with
 * the problems sent back; a second invalid answer, a timeout or an error status of the
 * model service fails with a TaskGenerationError. There is deliberately no fallback to
 * the built-in generator: the planner must know which generator made the tasks.
 */
export class LlmTaskGenerator implements TaskGenerator {
  readonly label: string;
  readonly kind = 'llm';
  readonly model: string;
  private readonly client: OpenAI;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;

  constructor(options: LlmTaskGeneratorOptions) {
    this.model = options.model;
    this.label = `LLM ${options.model}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
    this.maxRetries = options.maxRetries ?? DEFAULT_LLM_MAX_RETRIES;
    this.client = new OpenAI({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      timeout: this.timeoutMs,
      maxRetries: this.maxRetries,
    });
  }

  async generate(request: TaskGenerationRequest): Promise<GeneratedTasks> {
    const catalog = buildEnvironmentCatalog(request.environment, request.servableDropoffs);
    const schema = buildPairsJsonSchema(catalog, request.numTasks);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: LLM_SYSTEM_PROMPT },
      { role: 'user', content: buildGenerationMessage(request, catalog) },
    ];

    const first = await this.complete(messages, schema, request.numTasks);
    const firstReading = readPairsAnswer(first, catalog, request.numTasks);
    if (firstReading.pairs) return this.result(firstReading.pairs);

    messages.push(
      { role: 'assistant', content: first.choices?.[0]?.message?.content ?? '' },
      { role: 'user', content: buildRepairMessage(firstReading.problems, request.numTasks) },
    );
    const repair = await this.complete(messages, schema, request.numTasks);
    const repairReading = readPairsAnswer(repair, catalog, request.numTasks);
    if (repairReading.pairs) return this.result(repairReading.pairs, { repaired: true });

    const firstText = firstReading.problems.join(' and ');
    const repairText = repairReading.problems.join(' and ');
    const what =
      firstText === repairText ? `${repairText} twice` : `invalid tasks twice (first ${firstText}, then ${repairText})`;
    throw new TaskGenerationError(`The language model returned ${what}; no tasks were generated`);
  }

  private result(pairs: PickupDropoffPair[], extra: Record<string, unknown> = {}): GeneratedTasks {
    return { pairs, generator: { kind: 'llm', model: this.model }, details: { model: this.model, ...extra } };
  }

  private async complete(
    messages: ChatCompletionMessageParam[],
    schema: Record<string, unknown>,
    numTasks: number,
  ): Promise<ChatCompletion> {
    try {
      return await this.client.chat.completions.create({
        model: this.model,
        messages,
        max_tokens: maxTokensFor(numTasks),
        response_format: {
          type: 'json_schema',
          json_schema: { name: PAIRS_SCHEMA_NAME, strict: true, schema },
        },
      });
    } catch (error) {
      throw this.describeServiceFailure(error);
    }
  }

  private describeServiceFailure(error: unknown): unknown {
    const attempts = this.maxRetries + 1;
    const tries = attempts === 1 ? 'once' : `${attempts} times`;
    // Timeout is a subclass of connection error: test it first.
    if (error instanceof APIConnectionTimeoutError) {
      return new TaskGenerationError(
        `The language model did not answer within ${formatDuration(this.timeoutMs)} (tried ${tries}); no tasks were generated`,
        { cause: error },
      );
    }
    if (error instanceof APIConnectionError) {
      return new TaskGenerationError(
        `The language model service could not be reached (tried ${tries}); no tasks were generated`,
        { cause: error },
      );
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const reason = STATUS_CODES[error.status] ?? 'Error';
      return new TaskGenerationError(
        `The language model service answered with status ${error.status} (${reason}); no tasks were generated`,
        { cause: error },
      );
    }
    return error;
  }
}

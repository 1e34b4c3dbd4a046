import { BuiltinTaskGenerator } from './builtin-generator.ts';
import { LlmTaskGenerator } from './llm-generator.ts';
import type { TaskGenerator } from './task-generator.ts';

/** The settings that choose the generator: LLM_BASE_URL, LLM_API_KEY, LLM_MODEL (the server's `config.llm`). */
export interface TaskGeneratorSettings {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Per-attempt timeout of the model call in milliseconds (default 60 000). */
  timeoutMs?: number;
}

// Local model servers (Ollama, vLLM) ignore the key, but the SDK requires one.
const KEYLESS_PLACEHOLDER = 'no-key';

/**
 * The LLM generator when a model is configured, otherwise the built-in one. A URL or key
 * without a model is a configuration mistake, reported at start-up rather than silently
 * generating with the built-in generator.
 */
export function createTaskGenerator(settings: TaskGeneratorSettings): TaskGenerator {
  const model = settings.model?.trim();
  const baseURL = settings.baseUrl?.trim() || undefined;
  const apiKey = settings.apiKey?.trim() || undefined;
  if (!model) {
    if (baseURL || apiKey) {
      throw new Error('LLM_MODEL must be set when LLM_BASE_URL or LLM_API_KEY is set (e.g. LLM_MODEL=gpt-4o-mini)');
    }
    return new BuiltinTaskGenerator();
  }
  return new LlmTaskGenerator({
    baseURL,
    apiKey: apiKey ?? KEYLESS_PLACEHOLDER,
    model,
    timeoutMs: settings.timeoutMs,
  });
}

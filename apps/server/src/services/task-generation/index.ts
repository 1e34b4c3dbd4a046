export * from './task-generator.ts';
export { BuiltinTaskGenerator, defaultSeedFor } from './builtin-generator.ts';
export { LlmTaskGenerator, DEFAULT_LLM_TIMEOUT_MS, type LlmTaskGeneratorOptions } from './llm-generator.ts';
export { createTaskGenerator, type TaskGeneratorSettings } from './create-task-generator.ts';
export { chooseDemandProfile } from './demand-profile.ts';
export { describeMissingTaskPoints } from './environment-catalog.ts';
export { buildTaskPreview, describeGenerator, generatorHeaderValue, type TaskPreview } from './task-preview.ts';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pairsAnswer, startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server.ts';
import { BuiltinTaskGenerator } from './builtin-generator.ts';
import { createTaskGenerator } from './create-task-generator.ts';
import { generationRequest, singleAisleWarehouse } from './generation-fixtures.ts';
import { LlmTaskGenerator } from './llm-generator.ts';
import { LLM_SYSTEM_PROMPT, PAIRS_SCHEMA_NAME } from './llm-prompt.ts';
import { TaskGenerationError } from './task-generator.ts';

const validPairs: [string, string][] = [
  ['P1', 'D1'],
  ['P2', 'D2'],
  ['P6', 'D1'],
  ['P7', 'D1'],
  ['P10', 'D2'],
];

let model: FakeOpenAiServer;

beforeEach(async () => {
  model = await startFakeOpenAiServer();
});

afterEach(async () => {
  await model.close();
});

function llmGenerator(timeoutMs = 5000): LlmTaskGenerator {
  return new LlmTaskGenerator({ baseURL: model.baseURL, apiKey: 'test-key', model: 'fake-model', timeoutMs });
}

async function generationFailure(generator: LlmTaskGenerator): Promise<TaskGenerationError> {
  const failure = await generator.generate(generationRequest()).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(TaskGenerationError);
  return failure as TaskGenerationError;
}

describe('LlmTaskGenerator against an OpenAI-compatible server', () => {
  it('returns the pairs of a valid answer and names the model', async () => {
    model.enqueue(pairsAnswer(validPairs));
    const result = await llmGenerator().generate(
      generationRequest({ name: 'Rush hour', description: 'Mostly shelf S2 <b>today</b>' }),
    );
    expect(result).toEqual({
      pairs: validPairs,
      generator: { kind: 'llm', model: 'fake-model' },
      details: { model: 'fake-model' },
    });

    expect(model.requests).toHaveLength(1);
    const [{ body, headers, path }] = model.requests;
    expect(path).toBe('/v1/chat/completions');
    expect(headers.authorization).toBe('Bearer test-key');
    expect(body.model).toBe('fake-model');
    expect(body.max_tokens).toBe(300);
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema?.name).toBe(PAIRS_SCHEMA_NAME);
    expect(body.response_format?.json_schema?.strict).toBe(true);
    const properties = body.response_format?.json_schema?.schema.properties as Record<string, any> | undefined;
    const pairsSchema = properties?.pairs;
    expect(pairsSchema.minItems).toBe(5);
    expect(pairsSchema.maxItems).toBe(5);
    expect(pairsSchema.items.properties.pickup_id.enum).toEqual([
      'P1',
      'P2',
      'P3',
      'P4',
      'P5',
      'P6',
      'P7',
      'P8',
      'P9',
      'P10',
    ]);
    expect(pairsSchema.items.properties.dropoff_id.enum).toEqual(['D1', 'D2']);

    expect(body.messages[0]).toEqual({ role: 'system', content: LLM_SYSTEM_PROMPT });
    const prompt = body.messages[1].content;
    expect(body.messages[1].role).toBe('user');
    expect(prompt).toContain('Generate exactly 5 pickup-and-delivery pairs');
    expect(prompt).toContain('P1 at (2.5, 2.5), shelf S1, top side');
    expect(prompt).toContain('D2 at (9.5, 9.5)');
    expect(prompt).toContain('<scenario_description>\nRegular weekday orders\n</scenario_description>');
    expect(prompt).toContain('<task_name>\nRush hour\n</task_name>');
    // Planner text cannot open or close tags of the prompt.
    expect(prompt).toContain('<request_description>\nMostly shelf S2 &lt;b&gt;today&lt;/b&gt;\n</request_description>');
  });

  it('sends the errors back once after invalid JSON and accepts the repaired answer', async () => {
    model.enqueue({ kind: 'answer', content: '{"pairs": [ {"pickup_id": "P1"' }, pairsAnswer(validPairs));
    const result = await llmGenerator().generate(generationRequest());
    expect(result.pairs).toEqual(validPairs);
    expect(result.details).toEqual({ model: 'fake-model', repaired: true });

    expect(model.requests).toHaveLength(2);
    const repairMessages = model.requests[1].body.messages;
    expect(repairMessages).toHaveLength(4);
    expect(repairMessages.slice(0, 2)).toEqual(model.requests[0].body.messages);
    expect(repairMessages[2]).toEqual({ role: 'assistant', content: '{"pairs": [ {"pickup_id": "P1"' });
    expect(repairMessages[3]).toEqual({
      role: 'user',
      content: [
        'Your answer was invalid:',
        '- invalid JSON',
        'Answer again with JSON holding exactly 5 pairs, using only the ids listed in <pickups> and <dropoffs>.',
      ].join('\n'),
    });
  });

  it('fails with a clear detail after invalid JSON twice', async () => {
    model.enqueue({ kind: 'answer', content: 'Sure! Here are your tasks' }, { kind: 'answer', content: 'P1 -> D1' });
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe('The language model returned invalid JSON twice; no tasks were generated');
    expect(failure.statusCode).toBe(502);
    expect(model.requests).toHaveLength(2);
  });

  it('reports unknown pickup ids by name after they come back twice', async () => {
    const withUnknownPickups: [string, string][] = [
      ['P99', 'D1'],
      ['P98', 'D1'],
      ['P1', 'D2'],
      ['P97', 'D2'],
      ['P99', 'D2'],
    ];
    model.enqueue(pairsAnswer(withUnknownPickups), pairsAnswer(withUnknownPickups));
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe(
      'The language model returned 3 unknown pickup ids (P99, P98, P97) twice; no tasks were generated',
    );
    expect(model.requests[1].body.messages[3].content).toContain('- 3 unknown pickup ids (P99, P98, P97)');
  });

  it('lists at most five unknown ids', async () => {
    const manyUnknown: [string, string][] = ['X1', 'X2', 'X3', 'X4', 'X5'].map((id) => [id, 'D9']);
    model.enqueue(pairsAnswer(manyUnknown), pairsAnswer([...manyUnknown.slice(0, 4), ['X6', 'D9']]));
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe(
      'The language model returned invalid tasks twice (first 5 unknown pickup ids (X1, X2, X3, X4, X5) and 1 unknown dropoff id (D9), ' +
        'then 5 unknown pickup ids (X1, X2, X3, X4, X6) and 1 unknown dropoff id (D9)); no tasks were generated',
    );
  });

  it('names too few pairs, then a different problem, in the failure', async () => {
    model.enqueue(pairsAnswer(validPairs.slice(0, 2)), pairsAnswer([...validPairs.slice(0, 4), ['P3', 'D7']]));
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe(
      'The language model returned invalid tasks twice (first 2 pairs instead of 5, then 1 unknown dropoff id (D7)); no tasks were generated',
    );
    expect(model.requests[1].body.messages[3].content).toContain('- 2 pairs instead of 5');
  });

  it('repairs an answer that does not match the schema', async () => {
    model.enqueue(
      { kind: 'answer', content: JSON.stringify({ pairs: [{ pickup_id: 'P1', dropoff_id: 4 }] }) },
      pairsAnswer(validPairs),
    );
    const result = await llmGenerator().generate(generationRequest());
    expect(result.pairs).toEqual(validPairs);
    expect(model.requests[1].body.messages[3].content).toContain(
      '- JSON that does not match the schema (pairs.0.dropoff_id: Invalid input: expected string, received number)',
    );
  });

  it('repairs a refusal and an answer cut off at the token limit', async () => {
    model.enqueue(
      { kind: 'answer', content: null, refusal: 'I cannot help with that' },
      {
        kind: 'answer',
        content: '{"pairs": [{"pickup_id": "P1", "dropo',
        finishReason: 'length',
      },
    );
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe(
      'The language model returned invalid tasks twice (first a refusal ("I cannot help with that"), then invalid JSON cut off at the token limit); no tasks were generated',
    );
  });

  it('accepts JSON wrapped in a Markdown code fence', async () => {
    model.enqueue({ kind: 'answer', content: '```json\n{"pairs":[{"pickup_id":"P1","dropoff_id":"D1"}]}\n```' });
    const result = await llmGenerator().generate(generationRequest({ environment: singleAisleWarehouse, numTasks: 1 }));
    expect(result.pairs).toEqual([['P1', 'D1']]);
  });

  it('gives up after a hang past the timeout and its one retry', async () => {
    model.enqueue({ kind: 'hang' }, { kind: 'hang' });
    const failure = await generationFailure(llmGenerator(200));
    expect(failure.message).toBe(
      'The language model did not answer within 200 ms (tried 2 times); no tasks were generated',
    );
    expect(model.requests).toHaveLength(2);
  });

  it('maps 429 to a failure naming the status, after one retry', async () => {
    model.enqueue({ kind: 'status', status: 429, message: 'Rate limit reached' }, { kind: 'status', status: 429 });
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe(
      'The language model service answered with status 429 (Too Many Requests); no tasks were generated',
    );
    expect(failure.statusCode).toBe(502);
    expect(model.requests).toHaveLength(2);
  });

  it('maps 500 to a failure naming the status, after one retry', async () => {
    model.enqueue({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe(
      'The language model service answered with status 500 (Internal Server Error); no tasks were generated',
    );
    expect(model.requests).toHaveLength(2);
  });

  it('succeeds when the one retry after a 500 answers', async () => {
    model.enqueue({ kind: 'status', status: 500 }, pairsAnswer(validPairs));
    const result = await llmGenerator().generate(generationRequest());
    expect(result.pairs).toEqual(validPairs);
  });

  it('does not retry a 400 and names it', async () => {
    model.enqueue({ kind: 'status', status: 400, message: 'response_format not supported' });
    const failure = await generationFailure(llmGenerator());
    expect(failure.message).toBe(
      'The language model service answered with status 400 (Bad Request); no tasks were generated',
    );
    expect(model.requests).toHaveLength(1);
  });

  it('reports a model service that cannot be reached', async () => {
    const address = model.baseURL;
    await model.close();
    const generator = new LlmTaskGenerator({ baseURL: address, apiKey: 'k', model: 'fake-model', timeoutMs: 2000 });
    const failure = await generator.generate(generationRequest()).catch((error: unknown) => error);
    expect((failure as Error).message).toBe(
      'The language model service could not be reached (tried 2 times); no tasks were generated',
    );
    model = await startFakeOpenAiServer();
  });
});

describe('createTaskGenerator', () => {
  it('chooses the built-in generator when no model is configured', () => {
    expect(createTaskGenerator({})).toBeInstanceOf(BuiltinTaskGenerator);
    expect(createTaskGenerator({ model: '  ', baseUrl: '', apiKey: '' })).toBeInstanceOf(BuiltinTaskGenerator);
  });

  it('chooses the LLM generator when LLM_MODEL is set', () => {
    const generator = createTaskGenerator({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' });
    expect(generator).toBeInstanceOf(LlmTaskGenerator);
    expect(generator.label).toBe('LLM llama3.1');
  });

  it('refuses a URL or key without a model instead of silently using the built-in generator', () => {
    expect(() => createTaskGenerator({ baseUrl: 'http://localhost:11434/v1' })).toThrow(
      'LLM_MODEL must be set when LLM_BASE_URL or LLM_API_KEY is set (e.g. LLM_MODEL=gpt-4o-mini)',
    );
  });
});

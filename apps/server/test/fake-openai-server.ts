import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A real HTTP server that speaks the OpenAI chat-completions protocol, so tests drive the
// official SDK end to end (request building, retries, timeouts, error classes) instead of
// mocking it. Each test queues the replies the "model" gives, in order.

export type FakeChatReply =
  /** A 200 chat completion whose message content is `content`. */
  | { kind: 'answer'; content: string | null; finishReason?: 'stop' | 'length'; refusal?: string }
  /** An error status with an OpenAI-style error body. */
  | { kind: 'status'; status: number; message?: string }
  /** Accepts the request and never answers (until the server closes). */
  | { kind: 'hang' };

export interface RecordedChatRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body the SDK sent. */
  body: {
    model: string;
    messages: { role: string; content: string }[];
    max_tokens?: number;
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    [key: string]: unknown;
  };
}

export interface FakeOpenAiServer {
  /** The API root to hand to the SDK as baseURL, e.g. http://127.0.0.1:41234/v1. */
  readonly baseURL: string;
  /** Every chat-completions request received, in order. */
  readonly requests: RecordedChatRequest[];
  /** Queues replies; each request consumes the next one. */
  enqueue(...replies: FakeChatReply[]): void;
  /** Replies not consumed yet. */
  pendingReplies(): number;
  close(): Promise<void>;
}

/** An answer whose content is `{"pairs": [...]}` built from `[pickup, dropoff]` pairs. */
export function pairsAnswer(pairs: readonly (readonly [string, string])[]): FakeChatReply {
  return {
    kind: 'answer',
    content: JSON.stringify({ pairs: pairs.map(([pickup_id, dropoff_id]) => ({ pickup_id, dropoff_id })) }),
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const queue: FakeChatReply[] = [];
  const requests: RecordedChatRequest[] = [];
  const sockets = new Set<Socket>();
  let completionNumber = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        sendJson(response, 404, {
          error: { message: `no route ${request.method} ${path}`, type: 'invalid_request_error' },
        });
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedChatRequest['body'];
      requests.push({ method: request.method, path, headers: request.headers, body });

      const reply = queue.shift();
      if (!reply) {
        sendJson(response, 500, { error: { message: 'fake server: no reply queued', type: 'server_error' } });
        return;
      }
      if (reply.kind === 'hang') return;
      if (reply.kind === 'status') {
        // retry-after-ms keeps the SDK's one retry fast; real services send retry-after too.
        sendJson(
          response,
          reply.status,
          { error: { message: reply.message ?? `fake status ${reply.status}`, type: 'fake_error', code: null } },
          { 'retry-after-ms': '5' },
        );
        return;
      }
      completionNumber += 1;
      sendJson(response, 200, {
        id: `chatcmpl-fake-${completionNumber}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: reply.content, refusal: reply.refusal ?? null },
            finish_reason: reply.finishReason ?? 'stop',
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    pendingReplies: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests keep their sockets open; end them so close() returns.
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

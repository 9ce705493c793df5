/**
 * A local stand-in for OpenAI's Chat Completions API, beside the Messages one (./messages-api.ts)
 * and with its habits: the extension's second transport (lib/worker/model/chat-completions.ts)
 * must read it exactly as it would read OpenAI, Gemini's OpenAI-compatible endpoint, OpenRouter,
 * Groq, Mistral, vLLM or LiteLLM. What it answers is what OpenAI documents
 * (platform.openai.com/docs/api-reference/chat): `chat.completion.chunk` events over SSE ending
 * with `data: [DONE]`, `usage` in a last chunk with empty `choices` when
 * `stream_options.include_usage` is set (and `usage: null` on every other chunk then), errors as
 * `{error: {message, type, param, code}}` with OpenAI's statuses and codes, `retry-after` on a
 * 429, `finish_reason` `stop`, `length` or `content_filter`, a strict schema's refusal in
 * `delta.refusal`, the model list as `{object: 'list', data: [{id, object: 'model', created,
 * owned_by}]}`, and CORS headers for a browser's request. Where servers differ, a habit says so:
 * - `schema: 'honours'` (OpenAI, Mistral, vLLM): the reply is the bare JSON of `response_format`;
 * - `schema: 'ignores'` (many gateways and local servers): `response_format` is accepted and
 *   ignored; the model writes what it likes, prose with its JSON in a fenced block or between
 *   sentences, unless the prompt asked for bare JSON;
 * - `schema: 'rejects'` (a Groq model without it): a 400 that names `response_format`;
 * - `comments` (OpenRouter): `: OPENROUTER PROCESSING` comment lines while the model thinks;
 * - `prefix`: where its routes live (`/v1`; Gemini's `/v1beta/openai`);
 * - `modelIds: 'models/'` (Gemini): the list names each model `models/<id>`, as Gemini's
 *   OpenAI-compatible `/models` does, while its chat route takes the bare id its documentation
 *   writes (`gemini-2.5-flash`): a prefixed id there is a 404, so a client must strip it.
 * Tests script the model's replies in order and read back every request received.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { RecordedRequest } from './messages-api';

export type ChatReply =
  /** The answer's JSON: bare where the schema is honoured, else as the model writes it. */
  | { kind: 'json'; value: unknown; finishReason?: 'stop' | 'length' | 'content_filter'; chunkDelayMs?: number }
  | { kind: 'text'; text: string; finishReason?: 'stop' | 'length' | 'content_filter'; chunkDelayMs?: number }
  /** A strict schema's refusal (`delta.refusal`), as OpenAI streams it. */
  | { kind: 'refusal'; refusal: string }
  | {
      kind: 'error';
      status: number;
      type: string;
      message: string;
      code?: string | null;
      param?: string | null;
      headers?: Record<string, string>;
    }
  /** An error event in the middle of the stream, as OpenRouter and LiteLLM send one. */
  | { kind: 'stream-error'; afterText?: string; message?: string }
  /** The connection dropped mid-stream. */
  | { kind: 'stream-cut'; afterText?: string }
  | { kind: 'hang' };

export type ChatScripted = ChatReply | ((request: RecordedRequest) => ChatReply);

export interface ChatHabits {
  schema?: 'honours' | 'ignores' | 'rejects';
  /** The models it lists and takes; a request for another is a 404 `model_not_found`. */
  models?: string[];
  /** The keys it takes; absent: any `Bearer` key. `null`: no key needed (a local server). */
  keys?: string[] | null;
  comments?: boolean;
  prefix?: string;
  /** Gemini: its list's ids carry this prefix (`models/`); its chat route takes the bare id. */
  modelIds?: 'models/';
  owner?: string;
  /** Ignores `stream_options.include_usage` and sends no usage (some local servers). */
  noUsage?: boolean;
}

export interface ChatCompletionsApi {
  /** The base URL a user would enter (its prefix included: `http://127.0.0.1:5432/v1`). */
  url: string;
  /** Its bare origin, for a server whose base URL has no path. */
  origin: string;
  requests: RecordedRequest[];
  enqueue(...replies: ChatScripted[]): void;
  reset(): void;
  close(): Promise<void>;
}

class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly param: string | null;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    type: string,
    message: string,
    code: string | null = null,
    param: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
    this.headers = headers;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

/** Token-sized deltas that ignore word and JSON boundaries, as a model's tokens do. */
function chunkText(text: string): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += 9) out.push(points.slice(i, i + 9).join(''));
  return out;
}

/** What a model writes when nothing holds it to the schema: a sentence, then its JSON fenced. */
export function proseAroundJson(value: unknown): string {
  return `Sure! Based on the documents, here is the answer:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n\nLet me know if you need anything else.`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The checks OpenAI makes of a chat request before the model sees it. */
function validate(body: any, habits: ChatHabits): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request_error', 'We could not parse the JSON body of your request.');
  }
  if (typeof body.model !== 'string')
    throw new HttpError(400, 'invalid_request_error', 'you must provide a model parameter', null, 'model');
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw new HttpError(
      400,
      'invalid_request_error',
      "Missing required parameter: 'messages'.",
      'missing_required_parameter',
      'messages',
    );
  }
  for (const m of body.messages) {
    if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(m?.role)) {
      throw new HttpError(
        400,
        'invalid_request_error',
        `Invalid value: '${m?.role}'. Supported values are: 'system', 'assistant', 'user', 'tool', and 'developer'.`,
        'invalid_value',
        'messages[0].role',
      );
    }
  }
  if (body.stream_options !== undefined && body.stream !== true) {
    throw new HttpError(
      400,
      'invalid_request_error',
      "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
      null,
      'stream_options',
    );
  }
  const format = body.response_format;
  if (format?.type === 'json_schema') {
    if (habits.schema === 'rejects') {
      throw new HttpError(
        400,
        'invalid_request_error',
        `response_format \`json_schema\` is not supported with model ${body.model}`,
        null,
        'response_format',
      );
    }
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(format.json_schema?.name ?? '')) {
      throw new HttpError(
        400,
        'invalid_request_error',
        "Missing required parameter: 'response_format.json_schema.name'.",
        'missing_required_parameter',
        'response_format.json_schema.name',
      );
    }
    if (format.json_schema.strict === true) strictProblems(format.json_schema.schema, 'schema');
  }
  if (habits.models && !habits.models.includes(body.model)) {
    throw new HttpError(
      404,
      'invalid_request_error',
      `The model \`${body.model}\` does not exist or you do not have access to it.`,
      'model_not_found',
    );
  }
}

/** OpenAI's strict mode: every object closed, every property required. */
function strictProblems(schema: any, at: string): void {
  if (!schema || typeof schema !== 'object') return;
  if (schema.type === 'object') {
    if (schema.additionalProperties !== false) {
      throw new HttpError(
        400,
        'invalid_request_error',
        `Invalid schema for response_format 'reply': In context=(${at}), 'additionalProperties' is required to be supplied and to be false.`,
        'invalid_json_schema',
        'response_format',
      );
    }
    const props = Object.keys(schema.properties ?? {});
    const required: string[] = schema.required ?? [];
    const missing = props.find((p) => !required.includes(p));
    if (missing) {
      throw new HttpError(
        400,
        'invalid_request_error',
        `Invalid schema for response_format 'reply': In context=(${at}), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`,
        'invalid_json_schema',
        'response_format',
      );
    }
    for (const [k, v] of Object.entries(schema.properties ?? {})) strictProblems(v, `${at}, 'properties', '${k}'`);
  }
  if (schema.items) strictProblems(schema.items, `${at}, 'items'`);
  for (const k of ['anyOf', 'allOf']) for (const s of schema[k] ?? []) strictProblems(s, at);
  for (const s of Object.values(schema.$defs ?? {})) strictProblems(s, at);
}

export async function startChatCompletionsApi(habits: ChatHabits = {}): Promise<ChatCompletionsApi> {
  const prefix = habits.prefix ?? '/v1';
  const schemaHabit = habits.schema ?? 'honours';
  const queue: ChatScripted[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const cors = (origin: string | undefined): Record<string, string> => (origin ? { 'access-control-allow-origin': '*' } : {});

  function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...extra,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      'x-request-id': `req_${randomBytes(12).toString('hex')}`,
    });
    res.end(text);
  }

  function sendError(res: ServerResponse, e: HttpError, extra: Record<string, string>) {
    sendJson(
      res,
      e.status,
      { error: { message: e.message, type: e.type, param: e.param, code: e.code } },
      { ...extra, ...e.headers },
    );
  }

  /** What the model writes for this request: the scripted reply under the server's schema habit. */
  function written(reply: ChatReply, body: any): { text: string; finish: string; refusal?: string } | null {
    if (reply.kind === 'refusal') return { text: '', finish: 'stop', refusal: reply.refusal };
    if (reply.kind === 'text') return { text: reply.text, finish: reply.finishReason ?? 'stop' };
    if (reply.kind !== 'json') return null;
    const honoured = schemaHabit === 'honours' && body.response_format?.type === 'json_schema';
    const text = honoured ? JSON.stringify(reply.value) : proseAroundJson(reply.value);
    const finish = reply.finishReason ?? 'stop';
    // Cut at its limit: the JSON ends half-way.
    return { text: finish === 'length' ? text.slice(0, Math.floor(text.length / 2)) : text, finish };
  }

  async function serveChat(res: ServerResponse, body: any, reply: ChatReply, raw: string, extra: Record<string, string>) {
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      return sendError(
        res,
        new HttpError(reply.status, reply.type, reply.message, reply.code ?? null, reply.param ?? null, reply.headers ?? {}),
        extra,
      );
    }
    const id = `chatcmpl-${randomBytes(15).toString('base64url').replace(/[-_]/g, 'x')}`;
    const created = Math.floor(Date.now() / 1000);
    const answer = written(reply, body);
    const promptTokens = tokens(raw.length);
    const usageOf = (text: string) => ({
      prompt_tokens: promptTokens,
      completion_tokens: tokens(text.length),
      total_tokens: promptTokens + tokens(text.length),
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    });
    if (body.stream !== true) {
      if (!answer)
        return sendError(
          res,
          new HttpError(500, 'server_error', 'The server had an error while processing your request. Sorry about that!'),
          extra,
        );
      return sendJson(
        res,
        200,
        {
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          system_fingerprint: 'fp_standin',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: answer.refusal ? null : answer.text,
                refusal: answer.refusal ?? null,
                annotations: [],
              },
              logprobs: null,
              finish_reason: answer.finish,
            },
          ],
          usage: usageOf(answer.text),
          service_tier: 'default',
        },
        extra,
      );
    }
    const withUsage = body.stream_options?.include_usage === true && !habits.noUsage;
    res.writeHead(200, {
      ...extra,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const delay = 'chunkDelayMs' in reply ? (reply.chunkDelayMs ?? 0) : 0;
    const send = async (frame: string) => {
      if (res.destroyed) throw new Error('client went away');
      res.write(frame);
      if (delay > 0) await sleep(delay);
      else await new Promise<void>((resolve) => setImmediate(resolve));
    };
    const chunk = (delta: object, finish: string | null) =>
      send(
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          system_fingerprint: 'fp_standin',
          service_tier: 'default',
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
          ...(withUsage ? { usage: null } : {}),
        })}\n\n`,
      );
    if (habits.comments) await send(': OPENROUTER PROCESSING\n\n');
    await chunk({ role: 'assistant', content: '', refusal: null }, null);
    if (!answer) {
      const after = reply.kind === 'stream-error' || reply.kind === 'stream-cut' ? (reply.afterText ?? '') : '';
      for (const piece of chunkText(after)) await chunk({ content: piece }, null);
      if (reply.kind === 'stream-error') {
        await send(`data: ${JSON.stringify({ error: { message: reply.message ?? 'Provider returned error', code: 502 } })}\n\n`);
        res.end();
      } else {
        await sleep(20);
        res.socket?.destroy();
      }
      return;
    }
    if (answer.refusal !== undefined) {
      for (const piece of chunkText(answer.refusal)) await chunk({ refusal: piece }, null);
    } else {
      for (const piece of chunkText(answer.text)) await chunk({ content: piece }, null);
    }
    await chunk({}, answer.finish);
    if (withUsage) {
      await send(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: 'fp_standin', choices: [], usage: usageOf(answer.text) })}\n\n`,
      );
    }
    await send('data: [DONE]\n\n');
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const headers = headerRecord(req);
    const raw = await readBody(req);
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const recorded: RecordedRequest = { method, path, headers, body };
    requests.push(recorded);
    const pathname = new URL(path, 'http://stand-in').pathname;
    const extra = cors(headers['origin']);
    if (method === 'OPTIONS') {
      res.writeHead(200, {
        ...extra,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '7200',
      });
      return void res.end();
    }
    try {
      const route = pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
      const known = (method === 'POST' && route === '/chat/completions') || (method === 'GET' && route === '/models');
      if (!known) throw new HttpError(404, 'invalid_request_error', `Invalid URL (${method} ${pathname})`);
      if (habits.keys !== null) {
        const key = /^Bearer (.+)$/.exec(headers['authorization'] ?? '')?.[1];
        if (!key) {
          throw new HttpError(
            401,
            'invalid_request_error',
            "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
          );
        }
        if (habits.keys && !habits.keys.includes(key)) {
          throw new HttpError(
            401,
            'invalid_request_error',
            `Incorrect API key provided: ${key.slice(0, 3)}*****${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
            'invalid_api_key',
          );
        }
      }
      if (route === '/models') {
        return sendJson(
          res,
          200,
          {
            object: 'list',
            data: (habits.models ?? ['gpt-stand-in']).map((id) => ({
              id: `${habits.modelIds ?? ''}${id}`,
              object: 'model',
              created: 1_700_000_000,
              owned_by: habits.owner ?? 'system',
            })),
          },
          extra,
        );
      }
      validate(body, habits);
      const next = queue.shift();
      const reply = typeof next === 'function' ? next(recorded) : next;
      if (!reply) throw new HttpError(500, 'server_error', 'stand-in: no reply scripted');
      await serveChat(res, body, reply, raw, extra);
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpError) return sendError(res, error, extra);
      sendError(res, new HttpError(500, 'server_error', `stand-in: ${String(error)}`), extra);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${prefix}`,
    origin,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

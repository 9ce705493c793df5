/**
 * A local stand-in for the Anthropic Messages API, for unit and end-to-end tests.
 *
 * No machine here reaches the real API, so this server is our only window on it: it must answer
 * as the API does (shapes, headers, SSE framing, error bodies) for the real `@anthropic-ai/sdk`
 * to parse it. Tests script the model's replies in order and read back every request received.
 * See /work/shared/notes/anthropic-api.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { cacheBreakpoints, createPromptCache, MAX_BREAKPOINTS, type CacheUsage } from './prompt-cache';
import { allowsOrigin, corsHeaders, modelList, showModel, unconstrainedJson, type LocalHabits } from './local-servers';
import type {
  CitationCharLocation,
  CitationContentBlockLocation,
  CitationPageLocation,
  Message,
  RawMessageStreamEvent,
  RefusalStopDetails,
  StopReason,
  TextBlock,
  TextCitation,
  Usage,
} from '@anthropic-ai/sdk/resources/messages';

export interface RecordedRequest {
  method: string;
  /** As sent, query string included. */
  path: string;
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON body, or null when there is none or it is not JSON. */
  body: any;
}

/** Pauses between SSE frames, for tests that abort or watch a stream mid-way. */
interface Pacing {
  chunkDelayMs?: number;
  /**
   * A pause mid-stream, as a model that is slow to write its next words leaves one: once the text
   * streamed so far contains `after`, nothing more is sent until `until` settles.
   */
  hold?: { after: string; until: Promise<unknown> };
}

/** The API fills `file_id` and `document_title`; a test rarely cares, so they are optional here. */
type Loose<T> = Omit<T, 'file_id' | 'document_title'> & {
  file_id?: string | null;
  document_title?: string | null;
};
export type CitationInput = Loose<CitationCharLocation> | Loose<CitationContentBlockLocation> | Loose<CitationPageLocation>;

export type Reply =
  | (Pacing & {
      kind: 'text';
      text: string;
      stopReason?: StopReason;
      /** Defaults to a bare refusal when `stopReason` is `refusal`. */
      stopDetails?: RefusalStopDetails | null;
      usage?: Partial<Usage>;
    })
  | (Pacing & {
      kind: 'json';
      value: unknown;
      stopReason?: StopReason;
      usage?: Partial<Usage>;
    })
  | {
      kind: 'error';
      status: number;
      type: string;
      message: string;
      /** Sent as `error.details`; an `error_code` there selects the SDK's specific error classes. */
      details?: Record<string, unknown>;
      /** With none of `x-should-retry`, `retry-after`, `retry-after-ms`, `x-should-retry: false` is added. */
      headers?: Record<string, string>;
    }
  | (Pacing & { kind: 'stream-error'; afterText?: string; type?: string; message?: string })
  | (Pacing & { kind: 'stream-cut'; afterText?: string })
  | { kind: 'hang' }
  | (Pacing & {
      kind: 'native-citations';
      blocks: Array<{ text: string; citations?: CitationInput[] }>;
      stopReason?: StopReason;
      usage?: Partial<Usage>;
    });

/** A reply, or a function that makes one from the request (to cite the index a passage was given). */
export type Scripted = Reply | ((request: RecordedRequest) => Reply);

export interface MessagesApi {
  /** Base URL for the SDK's `baseURL`, e.g. `http://127.0.0.1:54321`. */
  url: string;
  requests: RecordedRequest[];
  /** Replies for successive `POST /v1/messages`, first in first out. */
  enqueue(...replies: Scripted[]): void;
  /** Forgets scripted replies and recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const BROWSER_HEADER = 'anthropic-dangerous-direct-browser-access';

// The API's own wording (authentication_error, HTTP 401), as browsers have reported it.
const CORS_MESSAGE = `CORS requests must set '${BROWSER_HEADER}' header`;

// HTTP status the API uses for each error type, for a stream error replayed on a non-streaming call.
const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

// No parameter properties: plain Node (type stripping) can then load this file too.
class HttpError extends Error {
  readonly status: number;
  readonly type: string;
  readonly headers: Record<string, string>;
  readonly details: Record<string, unknown> | undefined;
  constructor(
    status: number,
    type: string,
    message: string,
    headers: Record<string, string> = {},
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.status = status;
    this.type = type;
    this.headers = headers;
    this.details = details;
  }
}

function randomId(prefix: string): string {
  return prefix + randomBytes(18).toString('base64url').replace(/[-_]/g, 'x');
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function estimateTokens(chars: number): number {
  return Math.max(1, Math.ceil(chars / 4));
}

/**
 * Token-sized deltas. Like the API's tokens they ignore word and JSON boundaries, which is what a
 * consumer of partial text must cope with; unlike a byte split they never cut a surrogate pair.
 */
function chunkText(text: string): string[] {
  const codePoints = Array.from(text);
  const chunks: string[] = [];
  for (let i = 0; i < codePoints.length; i += 12) chunks.push(codePoints.slice(i, i + 12).join(''));
  return chunks;
}

function fullUsage(input: CacheUsage, outputTokens: number, override: Partial<Usage> = {}): Usage {
  // A local server's usage: input and output tokens, nothing of a prompt cache.
  if (input.cache_creation_input_tokens === undefined) {
    return { input_tokens: input.input_tokens, output_tokens: outputTokens, ...override } as Usage;
  }
  return {
    ...input,
    output_tokens: outputTokens,
    cache_creation: { ephemeral_5m_input_tokens: input.cache_creation_input_tokens, ephemeral_1h_input_tokens: 0 },
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
    ...override,
  };
}

function toCitation(c: CitationInput): TextCitation {
  return { file_id: null, document_title: null, ...c } as TextCitation;
}

/** What a scripted reply answers, as content blocks; null for the kinds that fail instead. */
interface Answer {
  blocks: TextBlock[];
  stopReason: StopReason;
  stopDetails: RefusalStopDetails | null;
  usage?: Partial<Usage> | undefined;
}

function answerOf(reply: Reply): Answer | null {
  switch (reply.kind) {
    case 'text':
    case 'json': {
      const text = reply.kind === 'text' ? reply.text : JSON.stringify(reply.value);
      const stopReason = reply.stopReason ?? 'end_turn';
      const stopDetails =
        reply.kind === 'text' && reply.stopDetails !== undefined
          ? reply.stopDetails
          : stopReason === 'refusal'
            ? { type: 'refusal' as const, category: null, explanation: null }
            : null;
      return { blocks: [{ type: 'text', text, citations: null }], stopReason, stopDetails, usage: reply.usage };
    }
    case 'native-citations':
      return {
        blocks: reply.blocks.map((b) => ({
          type: 'text',
          text: b.text,
          citations: b.citations?.length ? b.citations.map(toCitation) : null,
        })),
        stopReason: reply.stopReason ?? 'end_turn',
        stopDetails: null,
        usage: reply.usage,
      };
    default:
      return null;
  }
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function hasCitationDocuments(body: any): { any: boolean; all: boolean } {
  const docs: any[] = [];
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (Array.isArray(message?.content)) docs.push(...message.content.filter((b: any) => b?.type === 'document'));
  }
  const cited = docs.filter((d) => d.citations?.enabled === true).length;
  return { any: cited > 0, all: cited === docs.length };
}

/** The checks the API makes before the model sees anything; they consume no scripted reply. */
function validate(headers: Record<string, string>, body: any, path: string): void {
  if (!headers['x-api-key'] && !headers['authorization']) {
    throw new HttpError(401, 'authentication_error', 'x-api-key header is required');
  }
  if (!headers['anthropic-version']) {
    throw new HttpError(400, 'invalid_request_error', 'anthropic-version: header is required');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request_error', 'The request body is not valid JSON.');
  }
  const required = path === '/v1/messages' ? ['model', 'max_tokens', 'messages'] : ['model', 'messages'];
  for (const field of required) {
    if (body[field] === undefined) throw new HttpError(400, 'invalid_request_error', `${field}: Field required`);
  }
  const breakpoints = cacheBreakpoints(body);
  if (breakpoints > MAX_BREAKPOINTS) {
    throw new HttpError(
      400,
      'invalid_request_error',
      `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${breakpoints}.`,
    );
  }
  const citations = hasCitationDocuments(body);
  if (citations.any && !citations.all) {
    throw new HttpError(
      400,
      'invalid_request_error',
      'Citations must be enabled on all or none of the documents within a request.',
    );
  }
  if (citations.any && body.output_config?.format) {
    throw new HttpError(
      400,
      'invalid_request_error',
      'Citations are not supported together with structured outputs (output_config.format).',
    );
  }
}

/**
 * `local`: answer as a local server does instead of Anthropic's API (./local-servers.ts): its
 * CORS, its model list, no key, `output_config` ignored, no prompt-cache usage, a slow start.
 */
export async function startMessagesApi(options: { port?: number; local?: LocalHabits } = {}): Promise<MessagesApi> {
  const local = options.local;
  const queue: Scripted[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const cache = createPromptCache();

  function sendJson(res: ServerResponse, status: number, body: unknown, requestId: string, extra: Record<string, string> = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      ...extra,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      'request-id': requestId,
    });
    res.end(text);
  }

  function sendError(res: ServerResponse, error: HttpError, requestId: string) {
    const retryHeaders = ['x-should-retry', 'retry-after', 'retry-after-ms'];
    const lower = Object.fromEntries(Object.entries(error.headers).map(([k, v]) => [k.toLowerCase(), v]));
    // Without it the SDK retries 429 and 5xx with backoff: tests would be slow, and a retry would
    // eat the next scripted reply. A test that wants retries sets its own headers.
    const retry: Record<string, string> = retryHeaders.some((h) => h in lower) ? {} : { 'x-should-retry': 'false' };
    const errorBody = {
      type: error.type,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
    sendJson(res, error.status, { type: 'error', error: errorBody, request_id: requestId }, requestId, {
      ...retry,
      ...lower,
    });
  }

  async function serveMessages(
    res: ServerResponse,
    body: any,
    reply: Reply,
    requestId: string,
    /** The request's input tokens, split by the prompt cache; called once, for an answer. */
    inputUsage: () => CacheUsage,
  ) {
    const streaming = body.stream === true;
    if (reply.kind === 'hang') return; // the socket stays open until the client gives up or close()
    if (reply.kind === 'error') {
      const { status, type, message, headers, details } = reply;
      return sendError(res, new HttpError(status, type, message, headers, details), requestId);
    }

    const messageId = randomId('msg_');
    const message = (
      content: TextBlock[],
      stopReason: StopReason | null,
      stopDetails: RefusalStopDetails | null,
      usage: Usage,
    ): Message => ({
      id: messageId,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      stop_details: stopDetails,
      container: null,
      diagnostics: null,
      usage,
    });
    const answer = answerOf(reply);
    if (local?.firstTokenDelayMs) await sleep(local.firstTokenDelayMs);
    if (res.destroyed) return;
    // Only a request the model answers reads and writes the cache.
    const input = answer ? inputUsage() : { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };

    if (!streaming) {
      if (answer) {
        const outChars = answer.blocks.reduce((n, b) => n + b.text.length, 0);
        const usage = fullUsage(input, estimateTokens(outChars), answer.usage);
        return sendJson(res, 200, message(answer.blocks, answer.stopReason, answer.stopDetails, usage), requestId);
      }
      if (reply.kind === 'stream-error') {
        // Without a stream the same failure arrives as an HTTP error.
        const type = reply.type ?? 'overloaded_error';
        return sendError(res, new HttpError(STATUS_OF_TYPE[type] ?? 500, type, reply.message ?? 'Overloaded'), requestId);
      }
      // stream-cut: the connection drops half-way through the body.
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': requestId });
      res.write(JSON.stringify(message([], null, null, fullUsage(input, 1))).slice(0, 40));
      return void setTimeout(() => res.socket?.destroy(), 10);
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': requestId,
    });
    const delay = 'chunkDelayMs' in reply ? (reply.chunkDelayMs ?? 0) : 0;
    const send = async (event: RawMessageStreamEvent | { type: 'ping' } | { type: 'error'; error: object }) => {
      if (res.destroyed) throw new Error('client went away');
      res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      if (delay > 0) await sleep(delay);
      // Yield even without a delay, so frames arrive in separate chunks as they do from the API.
      else await new Promise<void>((resolve) => setImmediate(resolve));
    };

    const startUsage = fullUsage(input, 1, answer?.usage);
    // message_start carries the skeleton: no content, no stop reason, output tokens so far.
    await send({ type: 'message_start', message: message([], null, null, { ...startUsage, output_tokens: 1 }) });

    if (!answer) {
      // stream-error or stream-cut: some text, then the failure.
      const text = reply.kind === 'stream-error' || reply.kind === 'stream-cut' ? (reply.afterText ?? '') : '';
      await send({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', citations: null } });
      await send({ type: 'ping' });
      for (const chunk of chunkText(text)) {
        await send({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: chunk } });
      }
      if (reply.kind === 'stream-error') {
        const error = { type: reply.type ?? 'overloaded_error', message: reply.message ?? 'Overloaded' };
        await send({ type: 'error', error });
        res.end();
      } else {
        // Let the frames reach the client, then drop the connection mid-stream.
        await sleep(20);
        res.socket?.destroy();
      }
      return;
    }

    let outChars = 0;
    const hold = 'hold' in reply ? reply.hold : undefined;
    let sent = '';
    for (const [index, block] of answer.blocks.entries()) {
      // A block the API will cite starts with an empty list that citations_delta events fill.
      const start: TextBlock = { type: 'text', text: '', citations: block.citations ? [] : null };
      await send({ type: 'content_block_start', index, content_block: start });
      if (index === 0) await send({ type: 'ping' });
      for (const chunk of chunkText(block.text)) {
        await send({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: chunk } });
        const before = sent;
        sent += chunk;
        if (hold && !before.includes(hold.after) && sent.includes(hold.after)) await hold.until.catch(() => {});
      }
      for (const citation of block.citations ?? []) {
        await send({ type: 'content_block_delta', index, delta: { type: 'citations_delta', citation } });
      }
      await send({ type: 'content_block_stop', index });
      outChars += block.text.length;
    }
    const usage = fullUsage(input, estimateTokens(outChars), answer.usage);
    await send({
      type: 'message_delta',
      delta: { stop_reason: answer.stopReason, stop_sequence: null, stop_details: answer.stopDetails, container: null },
      // Cumulative totals for the whole message, as the API now reports them.
      usage: {
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        cache_creation_input_tokens: usage.cache_creation_input_tokens,
        cache_read_input_tokens: usage.cache_read_input_tokens,
        output_tokens_details: usage.output_tokens_details,
        server_tool_use: usage.server_tool_use,
      },
    });
    await send({ type: 'message_stop' });
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const headers = headerRecord(req);
    const raw = await readBody(req);
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const recorded: RecordedRequest = { method, path, headers, body };
    requests.push(recorded);
    const requestId = randomId('req_');
    const pathname = new URL(path, 'http://stand-in').pathname;
    if (local) return handleLocal(req, res, recorded, pathname, raw, requestId);

    // Without the opt-in header the API sends no CORS headers at all, so a page's fetch fails
    // opaquely; an extension with host permissions still sees the 401 below.
    const origin = headers['origin'];
    const browserOptIn = headers[BROWSER_HEADER] === 'true';
    if (origin && method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '86400',
      });
      return void res.end();
    }
    if (origin && browserOptIn) {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-expose-headers', '*');
    }

    try {
      const known = method === 'POST' && (pathname === '/v1/messages' || pathname === '/v1/messages/count_tokens');
      if (!known) throw new HttpError(404, 'not_found_error', 'Not Found');
      if (origin && !browserOptIn) throw new HttpError(401, 'authentication_error', CORS_MESSAGE);
      validate(headers, body, pathname);
      if (pathname === '/v1/messages/count_tokens') {
        return sendJson(res, 200, { input_tokens: estimateTokens(raw.length) }, requestId);
      }
      const next = queue.shift();
      const reply = typeof next === 'function' ? next(recorded) : next;
      if (!reply) throw new HttpError(500, 'api_error', 'stand-in: no reply scripted');
      await serveMessages(res, body, reply, requestId, () => cache.account(body, estimateTokens(raw.length)));
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpError) return sendError(res, error, requestId);
      sendError(res, new HttpError(500, 'api_error', `stand-in: ${String(error)}`), requestId);
    }
  }

  /** A local server's side: its CORS, its own routes, then the Messages endpoint without a key. */
  async function handleLocal(
    req: IncomingMessage,
    res: ServerResponse,
    recorded: RecordedRequest,
    pathname: string,
    raw: string,
    requestId: string,
  ) {
    const habits = local!;
    const { method, headers, body } = recorded;
    const origin = headers['origin'];
    if (origin && !allowsOrigin(habits, origin)) return void res.writeHead(403).end();
    const cors = corsHeaders(habits, origin);
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    if (method === 'OPTIONS') return void res.writeHead(204).end();
    const list = modelList(habits, method, pathname);
    if (list) return sendJson(res, 200, list, requestId);
    if (method === 'POST' && pathname === '/api/show') {
      const shown = showModel(habits, body?.model);
      return shown ? sendJson(res, 200, shown, requestId) : sendJson(res, 404, { error: 'model not found' }, requestId);
    }
    if (method !== 'POST' || pathname !== '/v1/messages') return sendJson(res, 404, { error: 'not found' }, requestId);
    try {
      if (body === null || typeof body !== 'object' || body.model === undefined || body.messages === undefined) {
        throw new HttpError(400, 'invalid_request_error', 'model and messages are required');
      }
      const next = queue.shift();
      let reply = typeof next === 'function' ? next(recorded) : next;
      if (!reply) throw new HttpError(500, 'api_error', 'stand-in: no reply scripted');
      // `output_config` ignored: what the model writes is its own, JSON in a fenced block.
      if (reply.kind === 'json') {
        reply = {
          kind: 'text',
          text: unconstrainedJson(reply.value),
          ...(reply.stopReason ? { stopReason: reply.stopReason } : {}),
        };
      }
      // No prompt cache: usage holds input and output tokens only.
      await serveMessages(res, body, reply, requestId, () => ({ input_tokens: estimateTokens(raw.length) }) as CacheUsage);
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpError) return sendError(res, error, requestId);
      sendError(res, new HttpError(500, 'api_error', `stand-in: ${String(error)}`), requestId);
    }
    void req;
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
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      cache.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Hanging requests and keep-alive sockets would hold close() open forever.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

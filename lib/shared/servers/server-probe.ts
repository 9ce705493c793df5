/**
 * What a server says of itself, asked over plain HTTP: its models (`/v1/models`, Ollama's
 * `/api/tags`, a Chat Completions server's `<base>/models`), a model's context (Ollama's
 * `/api/show`), and, for Test connection, whether it honours structured output (the Messages
 * API's `output_config.format`, or Chat Completions' `response_format` json_schema). Shared by the options page (presets, Test connection) and the worker
 * (a local model's context before a question). `fetch` is passed in, so each answer a server may
 * give is tested without a browser; its callers pass the no-redirect fetch (./no-redirect.ts), and
 * the key only as the one rule allows (./key-destination.ts).
 */
import * as z from 'zod/mini';
import { RedirectRefusedError } from './no-redirect';
import { chatURL, modelIdFor, PRESETS, type ServerApi, type ServerKind } from './servers';

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A server on this computer whose context is not reported: small enough for most local models. */
export const LOCAL_DEFAULT_CONTEXT = 8192;

const tagsSchema = z.object({ models: z.array(z.object({ name: z.string() })) });
const modelsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });
const showSchema = z.object({
  parameters: z.optional(z.string()),
  model_info: z.optional(z.record(z.string(), z.unknown())),
});

function headersFor(apiKey: string): Record<string, string> {
  return {
    'anthropic-version': '2023-06-01',
    'anthropic-dangerous-direct-browser-access': 'true',
    ...(apiKey ? { 'x-api-key': apiKey } : {}),
  };
}

/** Chat Completions: the key as a Bearer token, nothing of Anthropic's. */
function chatHeadersFor(apiKey: string): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}

/** Why a probe failed, in a word the options page turns into a sentence. */
export class ProbeError extends Error {
  constructor(
    readonly why: 'unreachable' | 'redirect' | 'forbidden' | 'auth' | 'status' | 'unreadable',
    readonly status?: number,
  ) {
    super(why);
    this.name = 'ProbeError';
  }
}

async function getJson(fetchFn: Fetch, url: string, init: RequestInit, signal?: AbortSignal): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchFn(url, { ...init, ...(signal ? { signal } : {}) });
  } catch (err) {
    // A redirect refused by the no-redirect fetch (./no-redirect.ts) is said as such.
    throw new ProbeError(err instanceof RedirectRefusedError ? 'redirect' : 'unreachable');
  }
  if (res.status === 403) throw new ProbeError('forbidden', 403);
  if (res.status === 401) throw new ProbeError('auth', 401);
  if (!res.ok) throw new ProbeError('status', res.status);
  try {
    return await res.json();
  } catch {
    throw new ProbeError('unreadable', res.status);
  }
}

/** The models the server offers, by the name its Messages endpoint takes. */
export async function listModels(
  fetchFn: Fetch,
  baseURL: string,
  kind: ServerKind,
  apiKey = '',
  signal?: AbortSignal,
  api: ServerApi = PRESETS[kind].api,
): Promise<string[]> {
  const path = PRESETS[kind].models ?? '/v1/models';
  const body =
    api === 'chat'
      ? await getJson(fetchFn, chatURL(baseURL, 'models'), { headers: chatHeadersFor(apiKey) }, signal)
      : await getJson(fetchFn, `${baseURL}${path}`, { headers: headersFor(apiKey) }, signal);
  const tags = tagsSchema.safeParse(body);
  if (tags.success) return tags.data.models.map((m) => m.name);
  const models = modelsSchema.safeParse(body);
  // By the id the chat route takes (Gemini lists `models/<id>`: lib/shared/servers/servers.ts `modelIdFor`).
  if (models.success) return models.data.data.map((m) => (api === 'chat' ? modelIdFor(kind, baseURL, m.id) : m.id));
  throw new ProbeError('unreadable');
}

/**
 * A model's context in tokens, as Ollama's `/api/show` reports it: the `num_ctx` the model is
 * run with when it sets one, else its trained length capped at the safe local default (Ollama runs
 * a model with a smaller context than its maximum unless told otherwise). Null when not reported.
 */
export async function modelContext(fetchFn: Fetch, baseURL: string, model: string, signal?: AbortSignal): Promise<number | null> {
  const body = showSchema.safeParse(
    await getJson(
      fetchFn,
      `${baseURL}/api/show`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model }) },
      signal,
    ),
  );
  if (!body.success) return null;
  const numCtx = /(?:^|\n)\s*num_ctx\s+(\d+)/.exec(body.data.parameters ?? '');
  if (numCtx) return Number(numCtx[1]);
  const trained = Object.entries(body.data.model_info ?? {}).find(
    ([k, v]) => k.endsWith('.context_length') && typeof v === 'number',
  );
  return trained ? Math.min(trained[1] as number, LOCAL_DEFAULT_CONTEXT) : null;
}

const probeSchema = z.object({ ok: z.boolean() });

const PROBE_SCHEMA = {
  type: 'object',
  properties: { ok: { type: 'boolean' } },
  required: ['ok'],
  additionalProperties: false,
};

/** Honoured when the reply is exactly the JSON asked for, nothing around it. */
function isBareOk(text: string): boolean {
  try {
    return probeSchema.safeParse(JSON.parse(text.trim())).success;
  } catch {
    return false;
  }
}

/**
 * Whether a Chat Completions server honours `response_format` json_schema: the same one-word
 * request, not streamed. A server that refuses the field (a 400) does not honour it either.
 */
export async function honoursJsonSchema(
  fetchFn: Fetch,
  baseURL: string,
  model: string,
  apiKey = '',
  signal?: AbortSignal,
): Promise<boolean> {
  const body = await getJson(
    fetchFn,
    chatURL(baseURL, 'chat/completions'),
    {
      method: 'POST',
      headers: { ...chatHeadersFor(apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: 'Reply ok.' }],
        response_format: { type: 'json_schema', json_schema: { name: 'probe', strict: true, schema: PROBE_SCHEMA } },
      }),
    },
    signal,
  ).catch((err: unknown) => {
    if (err instanceof ProbeError && err.why === 'status' && err.status === 400) return null;
    throw err;
  });
  const choices = (body as { choices?: Array<{ message?: { content?: string | null } }> } | null)?.choices ?? [];
  return isBareOk(choices[0]?.message?.content ?? '');
}

/**
 * Whether the server honours `output_config.format`: a one-word request whose schema asks for
 * `{"ok": true}`. Honoured when the reply is exactly that JSON, nothing around it; a server that
 * ignores the format lets the model write what it likes (prose, a fenced block).
 */
export async function honoursStructuredOutput(
  fetchFn: Fetch,
  baseURL: string,
  model: string,
  apiKey = '',
  signal?: AbortSignal,
): Promise<boolean> {
  const body = await getJson(
    fetchFn,
    `${baseURL}/v1/messages`,
    {
      method: 'POST',
      headers: { ...headersFor(apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({
        model,
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Reply ok.' }],
        output_config: { format: { type: 'json_schema', schema: PROBE_SCHEMA } },
      }),
    },
    signal,
  );
  const content = (body as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return isBareOk(
    content
      .filter((b) => b.type === 'text')
      .map((b) => b.text ?? '')
      .join(''),
  );
}

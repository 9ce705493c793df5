/**
 * How the local servers that speak the Messages API differ from Anthropic's, for the stand-in
 * (messages-api.ts `startMessagesApi({ local })`). Each habit is what the server is known to do
 * (../shared/notes/real-models.md, checked against each project's docs and code):
 * - Ollama (0.14+): refuses a request whose Origin is not on its list with a bare 403 (gin's CORS
 *   middleware; the list: localhost, 127.0.0.1 and 0.0.0.0 on any port, app://, file://, tauri://,
 *   vscode-webview://, plus OLLAMA_ORIGINS); ignores `output_config` (its OutputConfig holds only
 *   `effort`), so the model writes its JSON as it likes, typically a sentence then a fenced block;
 *   reports no prompt-cache fields in `usage`; checks no key; lists models at `/api/tags` and
 *   describes one at `POST /api/show` (`parameters`, `model_info["<arch>.context_length"]`).
 * - LM Studio (0.4.1+): CORS off unless "Enable CORS" (no CORS headers, no 403), `/v1/models`,
 *   structured output through `/v1/messages` not documented (ignored here), key optional.
 * - llama.cpp server: permissive CORS, `/v1/models`, `output_config` not mapped by its converter,
 *   and a model that may take long to load before its first token.
 */

export type LocalKind = 'ollama' | 'lmstudio' | 'llamacpp';

export interface LocalHabits {
  kind: LocalKind;
  /** The models it lists; the first is the one a test asks. */
  models: string[];
  /** Ollama: OLLAMA_ORIGINS, added to its own list (`chrome-extension://*` allows every extension). */
  allowedOrigins?: string[];
  /** Ollama's `/api/show`: the model's trained context length, and a `num_ctx` parameter if set. */
  contextLength?: number;
  numCtx?: number;
  /** Milliseconds before the first byte of a reply: a model loading. */
  firstTokenDelayMs?: number;
}

const OLLAMA_DEFAULT_ORIGINS = [
  /^https?:\/\/(localhost|127\.0\.0\.1|0\.0\.0\.0)(:\d+)?$/,
  /^(app|file|tauri|vscode-webview|vscode-file):\/\//,
];

function wildcard(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}

/** Whether the server takes a request with this Origin; a refused one gets a bare 403. */
export function allowsOrigin(habits: LocalHabits, origin: string): boolean {
  if (habits.kind !== 'ollama') return true;
  return [...OLLAMA_DEFAULT_ORIGINS, ...(habits.allowedOrigins ?? []).map(wildcard)].some((re) => re.test(origin));
}

/** The CORS headers it answers an allowed Origin with (LM Studio: none unless "Enable CORS"). */
export function corsHeaders(habits: LocalHabits, origin: string | undefined): Record<string, string> {
  if (!origin || habits.kind === 'lmstudio') return {};
  return { 'access-control-allow-origin': habits.kind === 'ollama' ? origin : '*', 'access-control-allow-headers': '*' };
}

/** Its model list, at the path it serves one; null for any other request. */
export function modelList(habits: LocalHabits, method: string, pathname: string): unknown {
  if (method !== 'GET') return null;
  if (pathname === '/api/tags' && habits.kind === 'ollama') {
    return { models: habits.models.map((name) => ({ name, model: name, size: 1, digest: 'sha256:0', details: {} })) };
  }
  if (pathname === '/v1/models') {
    return { object: 'list', data: habits.models.map((id) => ({ id, object: 'model', created: 0, owned_by: habits.kind })) };
  }
  return null;
}

/** Ollama's `POST /api/show` for one of its models. */
export function showModel(habits: LocalHabits, model: unknown): unknown {
  if (habits.kind !== 'ollama' || typeof model !== 'string' || !habits.models.includes(model)) return null;
  return {
    parameters:
      habits.numCtx !== undefined ? `num_ctx                        ${habits.numCtx}\nstop "<|eot|>"` : 'stop "<|eot|>"',
    details: { family: 'llama' },
    model_info: { 'general.architecture': 'llama', 'llama.context_length': habits.contextLength ?? 131072 },
  };
}

/**
 * What a model writes when the server ignored `output_config` and only the prompt asked for JSON:
 * a sentence of its own, then the JSON in a fenced block (what local models do; issue #21).
 */
export function unconstrainedJson(value: unknown): string {
  return `Here is the answer based on the documents:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
}

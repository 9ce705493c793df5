/**
 * The servers the extension knows by name: Anthropic's API, the providers that speak OpenAI's
 * Chat Completions API (OpenAI, Gemini's OpenAI-compatible endpoint, OpenRouter, Groq, Mistral,
 * any other such endpoint), and the local servers that speak either (Ollama, LM Studio, the
 * llama.cpp server); what each is known to do, which API it speaks, and how to tell a server on
 * this computer. Pure values, shared by the options page and the worker
 * (facts: ../shared/notes/real-models.md, docs/providers.md).
 */
import type { MessageKey } from '@/lib/shared/core/i18n';

/** How the answer's JSON is asked for: structured output, or its schema in the prompt. */
export type AnswerPath = 'structured' | 'prompt';

/**
 * What the extension learnt of one server (by origin): the answer path that works there (from
 * Test connection, or from a reply that came as prose around its JSON), and a model's context.
 */
export interface ServerFacts {
  answerPath?: AnswerPath;
  /**
   * The answer path by model, where one model of the server differs from what is known of the
   * server (a model that answered 400 to `response_format` json_schema: `prompt`).
   */
  modelPaths?: Record<string, AnswerPath>;
  /** Context length in tokens, by model name, as the server reported it (Ollama's `/api/show`). */
  contexts?: Record<string, number>;
}

/**
 * The answer path for a server's model: what was learnt of that model there, else of the server,
 * else what its kind is known to do.
 */
export function answerPathFor(kind: ServerKind, facts: ServerFacts | undefined, model?: string): AnswerPath {
  const ofModel =
    model !== undefined && facts?.modelPaths && Object.hasOwn(facts.modelPaths, model) ? facts.modelPaths[model] : undefined;
  return ofModel ?? facts?.answerPath ?? (PRESETS[kind].structuredOutput ? 'structured' : 'prompt');
}

export type ServerKind =
  | 'anthropic'
  | 'openai'
  | 'gemini'
  | 'openrouter'
  | 'groq'
  | 'mistral'
  | 'ollama'
  | 'lmstudio'
  | 'llamacpp'
  | 'other'
  | 'chat-other';

/** The API a server is asked through: Anthropic's Messages API, or OpenAI's Chat Completions API. */
export type ServerApi = 'messages' | 'chat';

export interface ServerPreset {
  kind: ServerKind;
  /** The address the server listens on as shipped; `other` keeps what the user typed. */
  baseURL: string;
  /** Where its model list is: OpenAI-style `/v1/models`, or Ollama's own `/api/tags`. */
  models: '/v1/models' | '/api/tags' | null;
  /** Its Messages endpoint honours `output_config.format` (structured output). */
  structuredOutput: boolean;
  /** Its Messages endpoint takes document blocks with citations enabled (native citations). */
  nativeCitations: boolean;
  /** The API it speaks as shipped; a local server may be asked through either (`apiChoice`). */
  api: ServerApi;
  apiChoice?: boolean;
  /** The model chosen with the preset (and the support check's), when the preset names one. */
  defaultModel?: string;
  judgeModel?: string;
  /** Chat Completions: the field that caps the reply (OpenAI's newer models take only the first). */
  tokenLimit?: 'max_completion_tokens' | 'max_tokens';
  /**
   * A prefix its model list puts before each id that its chat route does not take (Gemini's
   * `/models` answers `models/gemini-2.5-flash`; its chat route takes `gemini-2.5-flash`).
   */
  modelIdPrefix?: string;
}

/** A Chat Completions provider as shipped: `response_format` json_schema asked, its list at `/models`. */
function chatPreset(
  kind: ServerKind,
  baseURL: string,
  defaultModel: string,
  judgeModel: string,
  tokenLimit: ServerPreset['tokenLimit'] = 'max_tokens',
): ServerPreset {
  return {
    kind,
    baseURL,
    models: '/v1/models',
    structuredOutput: true,
    nativeCitations: false,
    api: 'chat',
    defaultModel,
    judgeModel,
    tokenLimit,
  };
}

export const PRESETS: Record<ServerKind, ServerPreset> = {
  anthropic: {
    kind: 'anthropic',
    baseURL: 'https://api.anthropic.com',
    models: '/v1/models',
    structuredOutput: true,
    nativeCitations: true,
    api: 'messages',
    defaultModel: 'claude-sonnet-5-5',
    judgeModel: 'claude-haiku-5-5',
  },
  openai: chatPreset('openai', 'https://api.openai.com/v1', 'gpt-5-mini', 'gpt-5-nano', 'max_completion_tokens'),
  gemini: {
    ...chatPreset(
      'gemini',
      'https://generativelanguage.googleapis.com/v1beta/openai',
      'gemini-2.5-flash',
      'gemini-2.5-flash-lite',
    ),
    modelIdPrefix: 'models/',
  },
  openrouter: chatPreset('openrouter', 'https://openrouter.ai/api/v1', 'openai/gpt-5-mini', 'openai/gpt-5-nano'),
  groq: chatPreset(
    'groq',
    'https://api.groq.com/openai/v1',
    'openai/gpt-oss-120b',
    'openai/gpt-oss-20b',
    'max_completion_tokens',
  ),
  mistral: chatPreset('mistral', 'https://api.mistral.ai/v1', 'mistral-medium-latest', 'mistral-small-latest'),
  // Its OutputConfig holds only `effort`; citations and document blocks unsupported.
  ollama: {
    kind: 'ollama',
    baseURL: 'http://localhost:11434',
    models: '/api/tags',
    structuredOutput: false,
    nativeCitations: false,
    api: 'messages',
    apiChoice: true,
  },
  // Structured output through the Messages endpoint is not documented.
  lmstudio: {
    kind: 'lmstudio',
    baseURL: 'http://localhost:1234',
    models: '/v1/models',
    structuredOutput: false,
    nativeCitations: false,
    api: 'messages',
    apiChoice: true,
  },
  // Its Anthropic converter does not map `output_config`.
  llamacpp: {
    kind: 'llamacpp',
    baseURL: 'http://localhost:8080',
    models: '/v1/models',
    structuredOutput: false,
    nativeCitations: false,
    api: 'messages',
    apiChoice: true,
  },
  other: { kind: 'other', baseURL: '', models: '/v1/models', structuredOutput: true, nativeCitations: true, api: 'messages' },
  // Any OpenAI-compatible endpoint (vLLM, LiteLLM, a company gateway): the address the user types.
  'chat-other': {
    kind: 'chat-other',
    baseURL: '',
    models: '/v1/models',
    structuredOutput: true,
    nativeCitations: false,
    api: 'chat',
    tokenLimit: 'max_tokens',
  },
};

/** The API a server of `kind` is asked through: its own, or, for a local server, the one chosen. */
export function apiFor(kind: ServerKind, chosen: ServerApi | undefined): ServerApi {
  const preset = PRESETS[kind];
  return preset.apiChoice && chosen ? chosen : preset.api;
}

/**
 * The URL of a Chat Completions route (`chat/completions`, `models`) at `baseURL`: under its path
 * (`https://api.openai.com/v1`, `…/v1beta/openai`), or under `/v1` when it has none (a local
 * server's bare address, `http://localhost:11434`), as OpenAI-compatible servers serve it.
 */
export function chatURL(baseURL: string, route: 'chat/completions' | 'models'): string {
  const clean = baseURL.trim().replace(/\/+$/, '');
  try {
    const path = new URL(clean).pathname;
    return `${clean}${path === '/' || path === '' ? '/v1' : ''}/${route}`;
  } catch {
    return `${clean}/${route}`;
  }
}

/**
 * A model's id as the server's chat route takes it and the options show it: without the prefix
 * its list puts before it (Gemini's `models/`), for its preset or at its address under another.
 */
export function modelIdFor(kind: ServerKind, baseURL: string, id: string): string {
  const prefix =
    PRESETS[kind].modelIdPrefix ??
    (originOfURL(baseURL) === originOfURL(PRESETS.gemini.baseURL) ? PRESETS.gemini.modelIdPrefix : undefined);
  return prefix && id.startsWith(prefix) ? id.slice(prefix.length) : id;
}

function originOfURL(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** The catalogue key of the one fix for a server that refuses the extension's Origin (403). */
export function fixFor(kind: ServerKind): MessageKey {
  return FIX[kind];
}
const FIX: Record<ServerKind, MessageKey> = {
  anthropic: 'fixOtherServer',
  openai: 'fixOtherServer',
  gemini: 'fixOtherServer',
  openrouter: 'fixOtherServer',
  groq: 'fixOtherServer',
  mistral: 'fixOtherServer',
  'chat-other': 'fixOtherServer',
  ollama: 'fixOllama',
  lmstudio: 'fixLmStudio',
  llamacpp: 'fixLlamaCpp',
  other: 'fixOtherServer',
};

/** The catalogue key of each server's name, as the Server list shows it and a fault names it. */
export const SERVER_NAME: Record<ServerKind, MessageKey> = {
  anthropic: 'serverAnthropic',
  openai: 'serverOpenAI',
  gemini: 'serverGemini',
  openrouter: 'serverOpenRouter',
  groq: 'serverGroq',
  mistral: 'serverMistral',
  ollama: 'serverOllama',
  lmstudio: 'serverLmStudio',
  llamacpp: 'serverLlamaCpp',
  other: 'serverOther',
  'chat-other': 'serverChatOther',
};

/** A provider named by a preset (OpenAI, Gemini, …): a fault says its name rather than its address. */
export function isNamedProvider(kind: ServerKind): boolean {
  return PRESETS[kind].api === 'chat' && kind !== 'chat-other';
}

export const SERVER_KINDS = Object.keys(PRESETS) as ServerKind[];

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL names this computer (`localhost`, `127.0.0.1`, `[::1]`): no key is needed there. */
export function isLoopback(url: string): boolean {
  try {
    return LOOPBACK.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** The kind a stored base URL stands for when no kind was stored (settings of older versions). */
export function kindOfBaseURL(url: string): ServerKind {
  const clean = url.replace(/\/+$/, '');
  for (const kind of SERVER_KINDS) {
    if (PRESETS[kind].baseURL !== '' && PRESETS[kind].baseURL === clean) return kind;
  }
  return 'other';
}

/** A kind of server that runs on this computer as the user's own (not Anthropic's API, not "other"). */
export function isLocalKind(kind: ServerKind): boolean {
  return kind === 'ollama' || kind === 'lmstudio' || kind === 'llamacpp';
}

/**
 * A server run as the user's own on this computer: a local preset (Ollama, LM Studio, llama.cpp)
 * at a loopback address. It is asked without a key, at a local pace, with a local budget. Any
 * other endpoint, even one on loopback, is taken for the Messages API it stands for: it keeps the
 * key, the no-key search results and the API's pace (the tests' stand-in for the API is such one).
 */
export function isLocalServer(settings: { server: ServerKind; baseURL: string }): boolean {
  return isLocalKind(settings.server) && isLoopback(settings.baseURL);
}

/**
 * The browser's match pattern for a local server's host (`http://localhost/*`): the one host the
 * extension asks for when a local preset is chosen (match patterns ignore the port; the Origin
 * rule itself is limited to the exact origin, port included).
 */
export function originPattern(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}/*`;
  } catch {
    return null;
  }
}

/**
 * The model the options show once `kind` is chosen, before its list is known: the preset's own
 * model when it names one; none for a server on this computer (another server's model, such as
 * "claude-sonnet-5-5", is never one Ollama has: its list fills the field, `modelFromList`); for
 * any other endpoint the model typed, which it may well serve (its list needs the key, which goes
 * only once the user confirmed the address at Save).
 */
export function modelOnChoice(kind: ServerKind, current: string): string {
  const preset = PRESETS[kind];
  if (preset.defaultModel) return preset.defaultModel;
  return isLocalKind(kind) ? '' : current;
}

/**
 * The model to show once the server chosen listed `listed`: the one shown if the server has it
 * (or if it listed nothing), else the preset's own model if listed, else the first listed.
 */
export function modelFromList(kind: ServerKind, current: string, listed: readonly string[]): string {
  if (listed.length === 0 || listed.includes(current)) return current;
  const preset = PRESETS[kind].defaultModel;
  return preset && listed.includes(preset) ? preset : listed[0]!;
}

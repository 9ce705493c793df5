/**
 * The servers the extension knows by name: Anthropic's API and the local servers that speak the
 * Messages API (Ollama, LM Studio, the llama.cpp server), what each is known to do, and how to
 * tell a server on this computer. Pure values, shared by the options page and the worker
 * (facts: ../shared/notes/real-models.md).
 */
import type { MessageKey } from './i18n';

/** How the answer's JSON is asked for: structured output, or its schema in the prompt. */
export type AnswerPath = 'structured' | 'prompt';

/**
 * What the extension learnt of one server (by origin): the answer path that works there (from
 * Test connection, or from a reply that came as prose around its JSON), and a model's context.
 */
export interface ServerFacts {
  answerPath?: AnswerPath;
  /** Context length in tokens, by model name, as the server reported it (Ollama's `/api/show`). */
  contexts?: Record<string, number>;
}

/** The answer path for a server: what was learnt of it, else what its kind is known to do. */
export function answerPathFor(kind: ServerKind, facts: ServerFacts | undefined): AnswerPath {
  return facts?.answerPath ?? (PRESETS[kind].structuredOutput ? 'structured' : 'prompt');
}

export type ServerKind = 'anthropic' | 'ollama' | 'lmstudio' | 'llamacpp' | 'other';

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
}

export const PRESETS: Record<ServerKind, ServerPreset> = {
  anthropic: {
    kind: 'anthropic',
    baseURL: 'https://api.anthropic.com',
    models: '/v1/models',
    structuredOutput: true,
    nativeCitations: true,
  },
  // Its OutputConfig holds only `effort`; citations and document blocks unsupported.
  ollama: {
    kind: 'ollama',
    baseURL: 'http://localhost:11434',
    models: '/api/tags',
    structuredOutput: false,
    nativeCitations: false,
  },
  // Structured output through the Messages endpoint is not documented.
  lmstudio: {
    kind: 'lmstudio',
    baseURL: 'http://localhost:1234',
    models: '/v1/models',
    structuredOutput: false,
    nativeCitations: false,
  },
  // Its Anthropic converter does not map `output_config`.
  llamacpp: {
    kind: 'llamacpp',
    baseURL: 'http://localhost:8080',
    models: '/v1/models',
    structuredOutput: false,
    nativeCitations: false,
  },
  other: { kind: 'other', baseURL: '', models: '/v1/models', structuredOutput: true, nativeCitations: true },
};

/** The catalogue key of the one fix for a server that refuses the extension's Origin (403). */
export function fixFor(kind: ServerKind): MessageKey {
  return FIX[kind];
}
const FIX: Record<ServerKind, MessageKey> = {
  anthropic: 'fixOtherServer',
  ollama: 'fixOllama',
  lmstudio: 'fixLmStudio',
  llamacpp: 'fixLlamaCpp',
  other: 'fixOtherServer',
};

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
    if (kind !== 'other' && PRESETS[kind].baseURL === clean) return kind;
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

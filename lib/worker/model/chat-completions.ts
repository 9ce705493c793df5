/**
 * The second transport: OpenAI's Chat Completions API (OpenAI, Gemini's OpenAI-compatible
 * endpoint, OpenRouter, Groq, Mistral, vLLM, LiteLLM, and local servers that serve it), behind
 * the same `ModelCall` as the Messages transport (./claude.ts): the same messages in, the reply's
 * text, stop reason and usage out, streamed. A small client of our own rather than the `openai`
 * package: it asks one route, through the no-redirect fetch (lib/shared/servers/no-redirect.ts), and
 * fails with the same error classes the Messages SDK throws (status, headers, the API's message),
 * so the retries (./retry.ts), the time limits and the faults (./errors.ts, ./chat-errors.ts)
 * are one code for both APIs. Its stop reasons are given in the Messages API's words (`length`
 * is `max_tokens`, `content_filter` is `refusal`), which the pipeline already reads.
 */
import { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import type { PromptMessage } from '@/lib/worker/prompt/prompt';
import { fetchWithoutRedirects } from '@/lib/shared/servers/no-redirect';
import { chatURL } from '@/lib/shared/servers/servers';
import { usageOf } from '@/lib/shared/answer/usage';
import { jsonSchemaOf, schemaInstruction } from './answer-path';
import type { CallOptions, ModelCall, ModelReply, ModelRequest } from './call';
import type { ClaudeSettings } from './claude';
import { abortableSleep, DEFAULT_RETRY_POLICY, withRetries } from './retry';
import { sseReader } from './sse';

export interface ChatSettings extends ClaudeSettings {
  /** The field that caps the reply: OpenAI's newer models refuse `max_tokens`. */
  tokenLimit?: 'max_completion_tokens' | 'max_tokens';
}

const MAX_TOKENS = 4096;

/** A server that refuses `response_format` outright (a 400 that names it): asked again with the schema in the prompt. */
function refusesSchema(err: unknown): boolean {
  return (
    err instanceof APIError &&
    (err.status === 400 || err.status === 422) &&
    /response_format|json_schema|structured output/i.test(err.apiMessage ?? err.message)
  );
}

type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** The pipeline's messages as Chat Completions takes them: the system prompt first, each content as one text. */
export function chatMessages(system: string, messages: PromptMessage[]): ChatMessage[] {
  return [
    { role: 'system', content: system },
    ...messages.map((m) => ({
      role: m.role,
      content:
        typeof m.content === 'string'
          ? m.content
          : m.content.map((b) => (b.type === 'text' ? b.text : b.source.data)).join('\n\n'),
    })),
  ];
}

/** `finish_reason` in the Messages API's words, which the pipeline reads. */
const STOP: Record<string, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  content_filter: 'refusal',
  tool_calls: 'tool_use',
};

interface ChatChunk {
  choices?: Array<{ delta?: { content?: string | null; refusal?: string | null }; finish_reason?: string | null }>;
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number } | null;
  } | null;
  error?: { message?: string };
}

/**
 * A model call through Chat Completions, streamed: the schema as `response_format` json_schema
 * (strict), or, on the prompt path (or once the server refused the field), in the system prompt.
 */
export function chatCall(
  settings: ChatSettings,
  request: ModelRequest,
  options: CallOptions = {},
  fetchFn: typeof fetch = fetchWithoutRedirects(),
): ModelCall {
  const schema = request.schema ? jsonSchemaOf(request.schema) : null;
  let structured = schema !== null && settings.answerPath !== 'prompt';
  const url = chatURL(settings.baseURL, 'chat/completions');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
  };

  const bodyOf = (messages: PromptMessage[]) => {
    const system = schema && !structured ? `${request.system}\n\n${schemaInstruction(schema)}` : request.system;
    return {
      model: settings.model,
      messages: chatMessages(system, messages),
      stream: true,
      stream_options: { include_usage: true },
      [settings.tokenLimit ?? 'max_tokens']: settings.maxTokens ?? MAX_TOKENS,
      ...(schema && structured
        ? { response_format: { type: 'json_schema', json_schema: { name: 'reply', strict: true, schema } } }
        : {}),
    };
  };

  const once = async (messages: PromptMessage[], onText?: (delta: string) => void): Promise<ModelReply> => {
    const signal = options.signal;
    if (signal?.aborted) throw new APIUserAbortError();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? 90_000);
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    const said = (err: unknown) => (timedOut ? new APIConnectionTimeoutError() : signal?.aborted ? new APIUserAbortError() : err);
    try {
      let res: Response;
      try {
        res = await fetchFn(url, { method: 'POST', headers, body: JSON.stringify(bodyOf(messages)), signal: controller.signal });
      } catch (err) {
        throw new APIConnectionError({ message: 'Connection error.', ...(err instanceof Error ? { cause: err } : {}) });
      }
      if (!res.ok) throw await httpError(res);
      return await readStream(res, (delta, soFar) => {
        onText?.(delta);
        options.onText?.(soFar);
      });
    } catch (err) {
      throw said(err);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  };

  return (messages, onText) =>
    withRetries(
      () =>
        once(messages, onText).catch((err: unknown) => {
          if (!structured || !refusesSchema(err)) throw err;
          // This model takes no JSON schema: from now on the schema goes in the prompt, and the
          // next question to this model at this server goes there straight away.
          structured = false;
          options.onSchemaRefused?.(settings.model);
          return once(messages, onText);
        }),
      options.retryPolicy ?? DEFAULT_RETRY_POLICY,
      {
        sleep: abortableSleep,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onWait ? { onWait: options.onWait } : {}),
      },
    );
}

/** An error response as the SDK's error of its status: `{error: {message, type, param, code}}`, or Gemini's list of one. */
async function httpError(res: Response): Promise<APIError> {
  const raw = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = raw ? { error: { message: raw.slice(0, 300) } } : undefined;
  }
  if (Array.isArray(body)) body = body[0];
  return APIError.generate(res.status, body as object | undefined, undefined, res.headers);
}

/** The stream's text, stop reason and usage; an error event or a stream cut before its end throws. */
async function readStream(res: Response, onText: (delta: string, soFar: number) => void): Promise<ModelReply> {
  if (!res.body) throw new AnthropicError('The response had no body.');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const sse = sseReader();
  let text = '';
  let refusal = '';
  let finish = null as string | null;
  let usage = null as ChatChunk['usage'];
  let done = false as boolean;
  const take = (payload: string) => {
    if (payload === '[DONE]') return void (done = true);
    let chunk: ChatChunk;
    try {
      chunk = JSON.parse(payload) as ChatChunk;
    } catch {
      return;
    }
    // An error in the middle of a stream: the answer was half sent (no status: not retried).
    if (chunk.error) throw new APIError(undefined, chunk, undefined, undefined);
    const choice = chunk.choices?.[0];
    const delta = choice?.delta?.content;
    if (delta) {
      text += delta;
      onText(delta, text.length);
    }
    if (choice?.delta?.refusal) refusal += choice.delta.refusal;
    if (choice?.finish_reason) finish = choice.finish_reason;
    if (chunk.usage) usage = chunk.usage;
  };
  for (;;) {
    const { value, done: ended } = await reader.read().catch((err: unknown) => {
      // The connection dropped mid-answer: said as the Messages SDK says it.
      throw new AnthropicError('The connection broke during the answer.', { cause: err });
    });
    if (ended) break;
    for (const payload of sse.push(decoder.decode(value, { stream: true }))) take(payload);
    if (done) break;
  }
  for (const payload of sse.end()) take(payload);
  void reader.cancel().catch(() => {});
  if (!done && finish === null) throw new AnthropicError('The stream ended before its last event.');
  const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    text,
    // A strict schema's refusal comes as `refusal`, not as content.
    stopReason: refusal && !text ? 'refusal' : finish ? (STOP[finish] ?? finish) : null,
    ...(refusal && !text ? { stopExplanation: refusal } : {}),
    ...(usage
      ? {
          usage: usageOf({
            input_tokens: Math.max(0, (usage.prompt_tokens ?? 0) - cached),
            output_tokens: usage.completion_tokens ?? 0,
            cache_read_input_tokens: cached,
          }),
        }
      : {}),
  };
}

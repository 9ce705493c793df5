/**
 * The model transport: the Messages API through the real SDK, streamed, with our own capped
 * retries. It knows no prompt and no schema of ours: each caller gives its request.
 */
import Anthropic from '@anthropic-ai/sdk';
import type * as z from 'zod';
import type { PromptMessage } from '@/lib/worker/prompt/prompt';
import { abortableSleep, DEFAULT_RETRY_POLICY, withRetries } from './retry';
import { usageOf } from '@/lib/shared/answer/usage';
import type { CallOptions, ModelCall, ModelReply, ModelRequest } from './call';
import { fetchWithoutRedirects } from '@/lib/shared/servers/no-redirect';
import { jsonSchemaOf, schemaInstruction } from './answer-path';
import type { AnswerPath } from '@/lib/shared/servers/servers';

export interface ClaudeSettings {
  apiKey: string;
  model: string;
  baseURL: string;
  /**
   * How the reply's JSON shape is asked for: structured output (`output_config`, the API's way),
   * or, for a server known not to honour it, the JSON schema written in the system prompt.
   */
  answerPath?: AnswerPath;
  /** The longest reply asked for; a local model's context is small. */
  maxTokens?: number;
}

function jsonFormat(schema: z.ZodType) {
  return { type: 'json_schema' as const, schema: jsonSchemaOf(schema) };
}
const MAX_TOKENS = 4096;

const textOf = (content: Anthropic.ContentBlock[]): { text: string; transcript?: string } => ({
  text: content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''),
});

/**
 * A model call through the real SDK. It streams (no timeout trap for large `max_tokens`,
 * progress for the popup, and a worker that sees bytes arriving stays alive) and returns the raw
 * text and stop reason: parsing is the pipeline's job, so a bad reply is explained rather than
 * thrown away.
 */
export function claudeCall(settings: ClaudeSettings, request: ModelRequest, options: CallOptions = {}): ModelCall {
  const inPrompt = request.schema && settings.answerPath === 'prompt';
  const extras: RequestExtras = {
    system: inPrompt ? `${request.system}\n\n${schemaInstruction(jsonFormat(request.schema!).schema)}` : request.system,
    ...(request.schema && !inPrompt ? { output_config: { format: jsonFormat(request.schema) } } : {}),
  };
  const call = streamingCall(settings, extras, options);
  const read = request.read ?? textOf;
  return async (messages, onText) => {
    const message = await call(messages, onText);
    const { text, transcript } = read(message.content);
    return { ...replyOf(message, text), ...(transcript !== undefined ? { transcript } : {}) };
  };
}

type RequestExtras = { system: string; output_config?: { format: ReturnType<typeof jsonFormat> } };

function streamingCall(settings: ClaudeSettings, extras: RequestExtras, options: CallOptions) {
  const client = new Anthropic({
    // No key for a server on this computer: no key header at all (the SDK wants that said).
    apiKey: settings.apiKey || null,
    ...(settings.apiKey ? {} : { defaultHeaders: { authorization: null } }),
    baseURL: settings.baseURL,
    // An extension's requests carry an Origin; this flag adds the header the API requires then.
    dangerouslyAllowBrowser: true,
    // Retries are ours (lib/worker/model/retry.ts): capped waits, and a countdown the user can see.
    maxRetries: 0,
    // The key goes to the confirmed address only, never on to where it redirects (lib/shared/servers/no-redirect.ts).
    fetch: fetchWithoutRedirects(),
    timeout: options.timeoutMs ?? 90_000,
  });
  return (messages: PromptMessage[], onText?: (delta: string) => void) =>
    withRetries(
      async () => {
        const stream = client.messages.stream(
          { model: settings.model, max_tokens: settings.maxTokens ?? MAX_TOKENS, messages, ...extras },
          options.signal ? { signal: options.signal } : undefined,
        );
        if (options.onText) stream.on('text', (_delta, snapshot) => options.onText!(snapshot.length));
        if (onText) stream.on('text', (delta) => onText(delta));
        return stream.finalMessage();
      },
      options.retryPolicy ?? DEFAULT_RETRY_POLICY,
      {
        sleep: abortableSleep,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onWait ? { onWait: options.onWait } : {}),
      },
    );
}

/** The reply the pipeline reads: the answer text, and why the model stopped. */
function replyOf(message: Anthropic.Message, text: string): ModelReply {
  return {
    text,
    stopReason: message.stop_reason,
    ...(message.stop_details?.explanation ? { stopExplanation: message.stop_details.explanation } : {}),
    ...(message.usage ? { usage: usageOf(message.usage) } : {}),
  };
}

import Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { answerFromNativeBlocks, NATIVE_SYSTEM_PROMPT, nativeTranscript } from './native-citations';
import type { ModelCall, ModelReply } from './pipeline';
import { SYSTEM_PROMPT } from './prompt';
import { answerSchema } from './schema';
import { JUDGE_SYSTEM_PROMPT, verdictSchema } from './judge';
import type * as z from 'zod';

export interface ClaudeSettings {
  apiKey: string;
  model: string;
  baseURL: string;
}

// Only the schema, not the SDK's auto-parsing wrapper: with it, `finalMessage()` throws on a
// refused, truncated or malformed reply and the reply is lost. The pipeline parses it instead.
function jsonFormat(schema: z.ZodType) {
  return { type: 'json_schema' as const, schema: zodOutputFormat(schema).schema };
}
const ANSWER_FORMAT = jsonFormat(answerSchema);
const VERDICT_FORMAT = jsonFormat(verdictSchema);
const MAX_TOKENS = 4096;

/**
 * The model call of the pipeline, through the real SDK. It streams (no timeout trap for large
 * `max_tokens`, and a worker that sees bytes arriving stays alive) and returns the raw text and
 * stop reason: parsing is the pipeline's job, so a bad reply is explained rather than thrown away.
 */
export function claudeModelCall(settings: ClaudeSettings, signal?: AbortSignal): ModelCall {
  return jsonCall(settings, SYSTEM_PROMPT, ANSWER_FORMAT, signal);
}

/** The judge's call: the same path, its own prompt and verdict schema. */
export function claudeJudgeCall(settings: ClaudeSettings, signal?: AbortSignal): ModelCall {
  return jsonCall(settings, JUDGE_SYSTEM_PROMPT, VERDICT_FORMAT, signal);
}

function jsonCall(settings: ClaudeSettings, system: string, format: ReturnType<typeof jsonFormat>, signal?: AbortSignal): ModelCall {
  const client = makeClient(settings);
  return async (messages) => {
    const stream = client.messages.stream(
      { model: settings.model, max_tokens: MAX_TOKENS, system, messages, output_config: { format } },
      signal ? { signal } : undefined,
    );
    const message = await stream.finalMessage();
    return replyOf(message, message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(''));
  };
}

function makeClient(settings: ClaudeSettings): Anthropic {
  return new Anthropic({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    // An extension's requests carry an Origin; this flag adds the header the API requires then.
    dangerouslyAllowBrowser: true,
    maxRetries: 2,
    timeout: 90_000,
  });
}

/** The reply the pipeline reads: the answer text, and why the model stopped. */
function replyOf(message: Anthropic.Message, text: string): ModelReply {
  return {
    text,
    stopReason: message.stop_reason,
    ...(message.stop_details?.explanation ? { stopExplanation: message.stop_details.explanation } : {}),
  };
}

/**
 * The model call in native-citations mode: no structured output (the API refuses both at once);
 * the cited text blocks become the same answer JSON the pipeline parses and verifies.
 */
export function claudeNativeModelCall(settings: ClaudeSettings, signal?: AbortSignal): ModelCall {
  const client = makeClient(settings);
  return async (messages) => {
    const stream = client.messages.stream(
      { model: settings.model, max_tokens: MAX_TOKENS, system: NATIVE_SYSTEM_PROMPT, messages },
      signal ? { signal } : undefined,
    );
    const message = await stream.finalMessage();
    return { ...replyOf(message, JSON.stringify(answerFromNativeBlocks(message.content))), transcript: nativeTranscript(message.content) };
  };
}

/**
 * The model call as the pipeline sees it: messages in, the reply's text and stop reason out, and
 * what its caller asks (the request, the options) of either transport. The
 * transport (lib/worker/model/claude.ts) implements it; the pipeline and the judge take it as an
 * argument, so both are tested with a plain function and neither imports the other's module.
 */
import type { PromptMessage } from '@/lib/worker/prompt/prompt';
import type Anthropic from '@anthropic-ai/sdk';
import type * as z from 'zod';
import type { TokenUsage } from '@/lib/shared/answer/usage';
import type { RetryPolicy } from './retry';

/** How a call is made: cancelled, timed, retried, and what it reports as it goes. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Before each retry: how long we wait, for the popup's countdown. */
  onWait?: (ms: number, attempt: number) => void;
  /** As the answer streams in: characters received so far. */
  onText?: (chars: number) => void;
  retryPolicy?: RetryPolicy;
  /** For one try, request to last byte; a hung connection ends as a timeout. */
  timeoutMs?: number;
  /** Chat Completions: the server refused `response_format` json_schema for `model` (a 400 naming it). */
  onSchemaRefused?: (model: string) => void;
}

/**
 * What a call asks of the model, given by its caller: the system prompt, the reply's schema for
 * structured output (none in native-citations mode: the API refuses both at once), and how the
 * reply's content becomes the text the pipeline parses (by default, its text blocks).
 */
export interface ModelRequest {
  system: string;
  schema?: z.ZodType;
  read?: (content: Anthropic.ContentBlock[]) => { text: string; transcript?: string };
}

export interface ModelReply {
  /** The answer as JSON of the answer schema. */
  text: string;
  /** What the model wrote, when `text` was derived from it (native citations): the retry shows it this. */
  transcript?: string;
  stopReason: string | null;
  /** The API's explanation when it stopped for a refusal. */
  stopExplanation?: string;
  /** Tokens the call cost, as the API reported them. */
  usage?: TokenUsage;
}

/** `onText`: each piece of the reply's text as it streams in (the answer's claims are shown as they close). */
export type ModelCall = (messages: PromptMessage[], onText?: (delta: string) => void) => Promise<ModelReply>;

/** A reply we cannot use at all; `message` is what the user reads. */
export class ModelReplyError extends Error {
  constructor(
    readonly kind: 'truncated' | 'refused' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'ModelReplyError';
  }
}

/**
 * The model call as the pipeline sees it: messages in, the reply's text and stop reason out. The
 * transport (lib/worker/model/claude.ts) implements it; the pipeline and the judge take it as an
 * argument, so both are tested with a plain function and neither imports the other's module.
 */
import type { PromptMessage } from '@/lib/worker/prompt/prompt';
import type { TokenUsage } from '@/lib/shared/answer/usage';

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

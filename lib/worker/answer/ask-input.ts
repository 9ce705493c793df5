/**
 * What the ask pipeline (pipeline.ts) is given: the question with its passages, and its effects
 * (the model call, clock, log, stages, the optional proof that quotes are drawn and judge), so
 * that its modules share one description of them.
 */
import type { Fragment } from '@/lib/worker/prompt/fragments';
import type { PromptBuilder } from '@/lib/worker/prompt/prompt';
import type { PriorTurn } from '@/lib/shared/answer/thread';
import type { ReplyShape } from '@/lib/worker/model/reply-json';
import type { FailureLogEntry, ShownClaim } from '@/lib/shared/answer/run';
import type { ModelCall } from '@/lib/worker/model/call';
import type { CheckSeen } from './seen-check';

/** A passage with its source, as the fragments carry it (lib/shared/protocol/types.ts). */
export type SourcedPassage = Fragment['passage'];

export interface AskInput {
  question: string;
  passages: SourcedPassage[];
  /** The fragments' cached blocks, by size (lib/worker/prompt/reuse.ts); one block when absent. */
  groups?: number[];
  /**
   * A follow-up's earlier turns (lib/shared/answer/thread.ts), sent before its question. `passages` then
   * starts with the fragments they hold, numbered on from 1 across the turns; the answer is
   * verified against every fragment of the request, the earlier ones included.
   */
  history?: PriorTurn[];
  minLiteralLength: number;
}

export interface AskDeps {
  callModel: ModelCall;
  log: (entry: FailureLogEntry) => Promise<void> | void;
  now: () => number;
  onStage?: (stage: 'asking' | 'checking' | 'retrying' | 'judging') => void;
  /** XML fragments with structured output (the default), or native document citations. */
  prompt?: PromptBuilder;
  /**
   * Proves in the live pages that verified quotes are drawn for a reader (lib/worker/answer/seen-check.ts),
   * before their claim is shown; a quote that is not is a broken citation. Without it every
   * verified quote is shown.
   */
  checkSeen?: CheckSeen;
  /** A second model call that checks that verified quotes support their claims. */
  judge?: { call: ModelCall; policy: 'mark' | 'drop' };
  /**
   * While the first reply streams: every claim verified so far, in order, each time one more is
   * (lib/worker/answer/early-claims.ts). Claims shown this way stay in the final answer.
   */
  onClaims?: (claims: ShownClaim[]) => void;
  /** How each readable reply held its answer: bare JSON, or JSON the model wrapped in prose. */
  onReplyShape?: (shape: ReplyShape) => void;
}

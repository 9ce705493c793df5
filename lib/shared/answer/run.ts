/**
 * What a question's run produces, as the screens show it and storage keeps it: the claims with
 * their verified citations, the outcome, the failures logged, the error shown. The worker makes
 * these; the popup, side panel and options page only read them, so they live apart from the
 * pipeline and no screen bundles the ranking, prompt or verifier to know their shape.
 */
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import type { VideoMoment } from '@/lib/shared/video/video-moment';
import type { TokenUsage } from './usage';

export interface ShownCitation {
  /** The quote as the chip shows it ("A … B" keeps its ellipsis). */
  literal: string;
  /** A quote of two spans ("A … B"): each as it stands in the passage, in order; all are highlighted. */
  parts?: string[];
  index: number;
  passageId: string;
  passageText: string;
  passageOrder: number;
  tabId: number;
  windowId: number;
  frameId: number;
  url: string;
  title: string;
  site: string;
  /** A PDF's citation: the page the quote is on. */
  page?: number;
  /** A quote of a video's captions: the video and the cue its first word is said in ("2:31"). */
  video?: VideoMoment;
}

export interface ShownClaim {
  text: string;
  citations: ShownCitation[];
  /** Set when the judge found that the quotes, though on the page, do not support the claim. */
  doubt?: string;
  /** Set when the judge was to check the claim and could not (it failed, or gave no verdict for it). */
  unchecked?: true;
}

export type AbstainReason = 'no-relevant-passages' | 'no-information' | 'unverifiable' | 'unsupported';

/**
 * The quoting slips the verifier repairs honestly (lib/worker/answer/repair.ts), one name each: the
 * diagnostics and the run log count them.
 */
export const REPAIR_CLASSES = [
  'quote-marks',
  'emphasis',
  'list-marker',
  'edge-ellipsis',
  'ellipsis-join',
  'wrong-index',
  'across-passages',
] as const;
export type RepairClass = (typeof REPAIR_CLASSES)[number];
export type RepairCounts = Partial<Record<RepairClass, number>>;

/** Citations checked and found broken, over every attempt: the diagnostics' broken-quote rate. */
export interface CitationChecks {
  citations: number;
  broken: number;
  /** Citations that passed once repaired, by slip (a citation may count under two). */
  repaired?: RepairCounts;
}

export type Outcome =
  | {
      kind: 'answer';
      claims: ShownClaim[];
      droppedClaims: number;
      retried: boolean;
      checks: CitationChecks;
      /** What the judge did, when it ran. */
      judged?: { policy: 'mark' | 'drop'; unsupported: number; unchecked?: number };
      /** Tokens of every model call the answer took. */
      usage?: TokenUsage;
    }
  | { kind: 'abstain'; reason: AbstainReason; retried: boolean; checks: CitationChecks; usage?: TokenUsage };

export type FailureOutcome = 'repaired' | 'dropped-claims' | 'abstained' | 'error';

export interface FailureLogEntry {
  at: number;
  question: string;
  sites: string[];
  /** The problems of each attempt that had any, in order. */
  attempts: Problem[][];
  outcome: FailureOutcome;
  detail?: string;
}

export type ProblemKind =
  | 'no-claims'
  | 'claims-with-no-information'
  | 'no-citations'
  | 'unknown-index'
  | 'empty-literal'
  | 'too-short'
  | 'not-in-fragment'
  /** Verified against the text sent, but the live page does not draw it for a reader. */
  | 'not-drawn';

export interface Problem {
  kind: ProblemKind;
  /** 0-based claim position, when the problem belongs to a claim. */
  claim?: number;
  /** 0-based citation position within the claim. */
  citation?: number;
  index?: number;
  literal?: string;
  /** For `not-drawn`: why the page does not draw the quote (lib/page/seen/paint.ts). */
  reason?: string;
  /** One sentence for the model (on retry) and for the failure log. */
  message: string;
}

/** A failure as the popup shows it: serialisable, with the next step the user can take. */
export interface ShownError {
  kind: string;
  message: string;
  /** The one next step the popup offers: fix the settings, or ask the same question again. */
  action?: 'open-options' | 'ask-again';
}

/** What a question sends: its fragments in prompt order and how they fall into cached blocks. */
export interface SendPlan {
  /** The fragments in prompt order, numbered 1..N in this order. */
  passages: SourcedPassage[];
  /** How many fragments each cached block holds, in order; they add up to `passages.length`. */
  groups: number[];
  /** Estimated tokens of all the fragments. */
  tokens: number;
  /** Fragments sent again from the previous question's blocks (read from the cache). */
  reused: number;
}

/** A result is a citation: the quote is the passage's sentence that best matches the question. */
export type SearchHit = ShownCitation;

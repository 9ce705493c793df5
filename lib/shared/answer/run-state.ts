/**
 * The question in flight or the last one answered, as the worker keeps it in `session:lastRun`
 * and the screens show it: one zod schema, a discriminated union on the run's status, each status
 * with only its fields. The screens parse what they read (a run stored by another version, or
 * malformed, is shown as an error, never rendered half); the worker writes only through the
 * constructors below, one per status, so no write can make a state the screens would refuse.
 * In `zod/mini`, which is all the popup and side panel carry (lib/shared/protocol/worker-replies.ts).
 */
import * as z from 'zod/mini';
import {
  REPAIR_CLASSES,
  type CitationChecks,
  type Outcome,
  type SearchHit,
  type SendPlan,
  type ShownClaim,
  type ShownError,
} from './run';
import type { PriorTurn } from './thread';
import type { SkippedTab, SourcedPassage } from '@/lib/shared/protocol/types';
import type { TokenUsage } from './usage';
import { NO_TRANSCRIPT_REASONS } from '@/lib/shared/video/video-moment';

/**
 * The run state's version, one of the stores' versions of lib/shared/store/store-versions.ts (which lists
 * it: that module sits above this one, so the number is set here, in the schema's literal); a
 * stored run of another version is refused as such, not misread.
 */
export const RUN_STATE_VERSION = 2;

export const SCOPES = ['tab', 'window', 'tabs'] as const;
/** This tab, all tabs of the window, or the tabs the user ticked ("Choose tabs"). */
export type Scope = (typeof SCOPES)[number];

export const STAGES = ['reading', 'choosing', 'starting', 'asking', 'waiting', 'checking', 'retrying', 'judging'] as const;
export type Stage = (typeof STAGES)[number];

const int = () => z.int();
const skippedTab = z.object({ tabId: int(), title: z.string(), url: z.string(), reason: z.string() });

const videoMoment = z.object({ key: z.string(), startMs: z.number(), endMs: z.number() });

const shownCitation = z.object({
  literal: z.string(),
  parts: z.optional(z.array(z.string())),
  index: int(),
  passageId: z.string(),
  passageText: z.string(),
  passageOrder: int(),
  tabId: int(),
  windowId: int(),
  frameId: int(),
  url: z.string(),
  title: z.string(),
  site: z.string(),
  page: z.optional(int()),
  video: z.optional(videoMoment),
});

const shownClaim = z.object({
  text: z.string(),
  citations: z.array(shownCitation),
  doubt: z.optional(z.string()),
  unchecked: z.optional(z.literal(true)),
});

const counts = z.partialRecord(z.enum(REPAIR_CLASSES), z.number());
const checks = z.object({ citations: int(), broken: int(), repaired: z.optional(counts) });
const usage = z.object({ input: int(), cacheRead: int(), cacheWrite: int(), output: int(), calls: int() });

export const outcomeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('answer'),
    claims: z.array(shownClaim),
    droppedClaims: int(),
    retried: z.boolean(),
    checks,
    judged: z.optional(z.object({ policy: z.enum(['mark', 'drop']), unsupported: int(), unchecked: z.optional(int()) })),
    usage: z.optional(usage),
  }),
  z.object({
    kind: z.literal('abstain'),
    reason: z.enum(['no-relevant-passages', 'no-information', 'unverifiable', 'unsupported']),
    retried: z.boolean(),
    checks,
    usage: z.optional(usage),
  }),
]);

const shownError = z.object({
  kind: z.string(),
  message: z.string(),
  action: z.optional(z.enum(['open-options', 'ask-again'])),
});

const sourcedPassage = z.object({
  id: z.string(),
  text: z.string(),
  heading: z.optional(z.string()),
  selection: z.optional(z.boolean()),
  order: int(),
  page: z.optional(int()),
  video: z.optional(
    z.object({ key: z.string(), cues: z.array(z.object({ at: int(), startMs: z.number(), endMs: z.number() })) }),
  ),
  tabId: int(),
  windowId: int(),
  frameId: int(),
  url: z.string(),
  title: z.string(),
});

const priorTurn = z.object({
  question: z.string(),
  fragments: int(),
  textOnly: z.boolean(),
  claims: z.array(
    z.object({
      text: z.string(),
      citations: z.array(z.object({ index: z.optional(int()), literal: z.string(), source: z.string() })),
    }),
  ),
});

const plan = z.object({
  passages: z.array(sourcedPassage),
  groups: z.array(int()),
  tokens: z.number(),
  reused: int(),
  budget: z.number(),
  /** A follow-up's earlier turns, sent before its question (lib/shared/answer/thread.ts). */
  history: z.optional(z.array(priorTurn)),
  /** This question started a new context of its thread: no earlier fragment is in `passages`. */
  restarted: z.optional(z.boolean()),
});

const coverage = z.object({
  tabs: int(),
  passages: int(),
  sent: int(),
  leftOut: int(),
  /** Characters of text read, over all tabs and frames. */
  chars: z.optional(z.number()),
  /** Frames that were read (each tab's page counts as one). */
  frames: z.optional(int()),
  /** Tabs read only in part (too long, still loading, frames out of reach), with why. */
  partial: z.optional(z.array(skippedTab)),
  /**
   * Passages chosen and then not sent, because their page does not show them to a reader
   * (`hidden`) or could not say (`unchecked`), and passages sent without words of theirs no reader
   * sees (`cut`): lib/worker/run/seen-step.ts.
   */
  unseen: z.optional(z.object({ hidden: int(), unchecked: int(), cut: int() })),
  /**
   * The videos of the pages: how many had their captions read and how long they are together,
   * and why each other gave none ("this video has no captions we can read").
   */
  videos: z.optional(
    z.object({
      read: int(),
      durationMs: z.number(),
      /** Of those read, the videos whose captions a machine made (said beside the count). */
      autoGenerated: z.optional(int()),
      unread: z.array(z.enum(NO_TRANSCRIPT_REASONS)),
    }),
  ),
});

/** What every status has: the question, where it was asked, and what was read and chosen so far. */
const common = {
  version: z.literal(RUN_STATE_VERSION),
  id: z.string(),
  question: z.string(),
  scope: z.enum(SCOPES),
  startedAt: z.number(),
  /** Tabs in scope that could not be read, with why. */
  skipped: z.array(skippedTab),
  /** The question is about incognito tabs: none of it goes to the logs on disk. */
  incognito: z.optional(z.boolean()),
  /** The user's selection, read from the focused frame of the active tab: it leads what is sent. */
  selection: z.optional(z.object({ text: z.string(), title: z.string() })),
  /** The thread this question belongs to (`threadItem`); its turn is added when it ends. */
  threadId: z.optional(z.string()),
  /** Set when this question started a new thread by itself: the pages in scope were not the thread's. */
  newThread: z.optional(z.literal('pages-changed')),
  /** How much was read and sent, for the coverage line. */
  coverage: z.optional(coverage),
  /** What was (or, in review, will be) sent: the fragments in prompt order and their cached blocks. */
  plan: z.optional(plan),
  /** The model asked, named once above its answer (the claims are its words, the quotes the pages'). */
  model: z.optional(z.string()),
  /** The host of the server asked, named by an error ("Could not reach api.anthropic.com"). */
  server: z.optional(z.string()),
};

/** The question is being read, chosen, asked or checked. */
const working = z.object({
  ...common,
  status: z.literal('working'),
  stage: z.enum(STAGES),
  /** While waiting to retry: when the next try starts (ms since epoch). */
  retryAt: z.optional(z.number()),
  /** Characters of the answer received so far, while it streams in. */
  received: z.optional(z.number()),
  /** Its claims verified so far, in order, shown at once with their sources (lib/worker/answer/early-claims.ts). */
  claims: z.optional(z.array(shownClaim)),
});

/** "Review before sending": the fragments wait for the user's Send or Cancel. */
const review = z.object({ ...common, status: z.literal('review'), plan });

/** Answered: the verified answer or "not found" (`outcome`), or without a key the search `results`. */
const done = z
  .object({
    ...common,
    status: z.literal('done'),
    finishedAt: z.number(),
    outcome: z.optional(outcomeSchema),
    results: z.optional(z.array(shownCitation)),
    /** Without a key, the question named nothing to search for: no results were looked for. */
    searchTooGeneral: z.optional(z.literal(true)),
  })
  .check(
    z.refine((run) => (run.outcome === undefined) !== (run.results === undefined), {
      message: 'A finished run holds an answer or search results.',
    }),
  );

/** Failed or cancelled, with the error shown; claims shown while the answer streamed stay in view. */
const failed = z.object({
  ...common,
  status: z.literal('error'),
  finishedAt: z.number(),
  error: shownError,
  claims: z.optional(z.array(shownClaim)),
});

export const runStateSchema = z.discriminatedUnion('status', [working, review, done, failed]);
export type RunState = z.infer<typeof runStateSchema>;
export type WorkingRun = z.infer<typeof working>;
export type ReviewRun = z.infer<typeof review>;
export type DoneRun = z.infer<typeof done>;
export type ErrorRun = z.infer<typeof failed>;
export type RunPlan = z.infer<typeof plan>;
export type RunCoverage = z.infer<typeof coverage>;

/** The fields every status has (the version aside: the constructors set it). */
export type RunCommon = Omit<z.infer<z.ZodMiniObject<typeof common>>, 'version'>;
type Progress = Pick<WorkingRun, 'stage' | 'retryAt' | 'received' | 'claims'>;
/** What a question in flight may be told (`progressed`): the common fields and its progress. */
export type RunProgress = Partial<RunCommon> & Partial<Progress>;

const COMMON_KEYS = Object.keys(common).filter((k) => k !== 'version') as (keyof RunCommon)[];

/** Only the common fields of `from`, whatever else it holds (another status's fields are left behind). */
function commonOf(from: RunCommon): RunCommon & { version: typeof RUN_STATE_VERSION } {
  const picked: Record<string, unknown> = { version: RUN_STATE_VERSION };
  for (const key of COMMON_KEYS) if (from[key] !== undefined) picked[key] = from[key];
  return picked as RunCommon & { version: typeof RUN_STATE_VERSION };
}

/** Drops the fields left undefined, so that what is stored is what is parsed back. */
function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T;
}

/** A run in progress at `stage` (a question just asked, or one sent after its review). */
export function workingRun(from: RunCommon, progress: Progress): WorkingRun {
  return { ...commonOf(from), status: 'working', ...defined(progress) };
}

/** A run whose fragments wait for the user's Send or Cancel: it needs its plan. */
export function reviewRun(from: RunCommon & { plan: RunPlan }): ReviewRun {
  return { ...commonOf(from), status: 'review', plan: from.plan };
}

/** A finished run: its verified answer (or "not found"), or, without a key, its search results. */
export function doneRun(
  from: RunCommon,
  end: { finishedAt: number } & (
    { outcome: Outcome; results?: never } | { results: SearchHit[]; searchTooGeneral?: true; outcome?: never }
  ),
): DoneRun {
  return { ...commonOf(from), status: 'done', ...defined(end) };
}

/** A failed or cancelled run, with the error shown and any claims already shown while it streamed. */
export function errorRun(from: RunCommon, end: { finishedAt: number; error: ShownError; claims?: ShownClaim[] }): ErrorRun {
  return { ...commonOf(from), status: 'error', ...defined(end) };
}

/**
 * A run in progress, told more: what was read, chosen or received, the stage it is at. A run no
 * longer in progress (done, failed, in review) is left as it is: a late report cannot undo its end.
 */
export function progressed(run: RunState, patch: RunProgress): RunState {
  if (run.status !== 'working') return run;
  const { stage, retryAt, received, claims, ...rest } = { ...run, ...patch };
  return workingRun(rest, { stage, retryAt, received, claims });
}

/** The answer of a finished run (none while it runs, failed, or found search results). */
export const outcomeOf = (run: RunState | null | undefined): Outcome | undefined =>
  run?.status === 'done' ? run.outcome : undefined;

/** The claims shown while the answer streamed, which a failure keeps in view. */
export const claimsShown = (run: RunState): ShownClaim[] | undefined =>
  run.status === 'working' || run.status === 'error' ? run.claims : undefined;

/** What was found in `session:lastRun`: nothing, a run, or something the screens cannot show. */
export type StoredRun =
  { kind: 'none'; newSession?: true } | { kind: 'run'; run: RunState } | { kind: 'unreadable'; why: 'old-version' | 'malformed' };

/** The session key set by every write of the last run (a run, or none after "New question"). */
export const RUN_WRITTEN_KEY = 'lastRunWritten';

/**
 * What session storage holds for the last run, `area` as `storage.session.get` returns it for
 * `lastRun` and `RUN_WRITTEN_KEY`. Neither: nothing was asked in this session yet (the browser
 * started, or the extension was updated, which empties session storage), and the screens open the
 * user's last thread from the history. A run written and then cleared ("New question", which
 * storage keeps by removing `lastRun`) leaves the marker: the form, not the history.
 */
export function readSessionRun(area: Record<string, unknown>): StoredRun {
  if ('lastRun' in area) return readRun(area.lastRun);
  return area[RUN_WRITTEN_KEY] === true ? { kind: 'none' } : { kind: 'none', newSession: true };
}

/** Parses what storage holds; a run of another version (or none) is refused as such. */
export function readRun(stored: unknown): StoredRun {
  if (stored === null || stored === undefined) return { kind: 'none' };
  const parsed = z.safeParse(runStateSchema, stored);
  if (parsed.success) return { kind: 'run', run: parsed.data };
  const older = typeof stored === 'object' && (stored as { version?: unknown }).version !== RUN_STATE_VERSION;
  return { kind: 'unreadable', why: older ? 'old-version' : 'malformed' };
}

// The schemas above and the types the worker builds the run from are one shape: if either
// changes alone, the type check fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Parsed<S extends z.ZodMiniType> = z.infer<S>;
const sameShapes: [
  Same<Parsed<typeof shownClaim>, ShownClaim>,
  Same<Parsed<typeof outcomeSchema>, Outcome>,
  Same<Parsed<typeof checks>, CitationChecks>,
  Same<Parsed<typeof shownError>, ShownError>,
  Same<Parsed<typeof skippedTab>, SkippedTab>,
  Same<Parsed<typeof sourcedPassage>, SourcedPassage>,
  Same<Parsed<typeof priorTurn>, PriorTurn>,
  Same<Parsed<typeof usage>, TokenUsage>,
  Same<Omit<RunPlan, 'budget' | 'history' | 'restarted'>, SendPlan>,
] = [true, true, true, true, true, true, true, true, true];
void sameShapes;

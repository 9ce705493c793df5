/**
 * One question's run through the pipeline (pipeline.ts): what its attempts share (the numbered
 * fragments, the citations checked so far, each attempt's problems, the log, the claims shown
 * while the first reply streams), and one attempt: a model call read, verified and proven drawn.
 */
import { numberFragments, type Fragment } from '@/lib/worker/prompt/fragments';
import { xmlPrompt, type PromptBuilder, type PromptMessage } from '@/lib/worker/prompt/prompt';
import type { ModelAnswer } from '@/lib/worker/model/schema';
import type { CitationChecks, FailureOutcome, Problem, ShownClaim } from '@/lib/shared/answer/run';
import { ModelReplyError, type ModelReply } from '@/lib/worker/model/call';
import { siteOf } from '@/lib/shared/answer/site';
import { verifyAnswer, type Verification, type VerifiableFragment } from './verify';
import { earlyClaims, type EarlyClaims } from './early-claims';
import { claimSeen, rememberSeen, withSeenProof, type CheckSeen } from './seen-check';
import { parseReply } from './parse-reply';
import { shownClaim, verifiableFragments } from './shown-claims';
import type { AskDeps, AskInput, SourcedPassage } from './ask-input';

export interface AskRun {
  input: AskInput;
  deps: AskDeps;
  /** XML fragments with structured output unless the deps say otherwise. */
  prompt: PromptBuilder;
  fragments: Fragment[];
  verifiable: VerifiableFragment[];
  byIndex: Map<number, SourcedPassage>;
  sites: string[];
  /** The problems of each attempt that had some, for the log. */
  attempts: Problem[][];
  /** The citations checked, broken and repaired over every attempt (the outcome carries it). */
  checks: CitationChecks;
  log: (outcome: FailureOutcome, detail?: string) => Promise<void> | void;
  /** Each quote asked about in its page once, however often its claim is verified. */
  drawn: CheckSeen | null;
  fromSelection: (index: number) => boolean;
  /** The first reply's claims, shown as each is verified (and proven drawn) while it streams. */
  early: EarlyClaims | null;
}

/** One attempt: its reply, the answer read from it (null when it did not read), and its verification. */
export type Attempt = { reply: ModelReply; answer: ModelAnswer | null } & Verification;

export function startRun(input: AskInput, deps: AskDeps, checks: CitationChecks): AskRun {
  const { question, passages, minLiteralLength } = input;
  const fragments = numberFragments(passages);
  const verifiable = verifiableFragments(fragments);
  const sites = [...new Set(passages.map((p) => siteOf(p.url)))];
  const attempts: Problem[][] = [];
  const log = (outcome: FailureOutcome, detail?: string) =>
    deps.log({ at: deps.now(), question, sites, attempts, outcome, ...(detail ? { detail } : {}) });
  const byIndex = new Map(fragments.map((f) => [f.index, f.passage]));
  const drawn = deps.checkSeen ? rememberSeen(deps.checkSeen) : null;
  // Only the selection the browser gave (the context menu's) is the user's without a proof: one
  // read in a page (it has that reading's id) may be a script's, and is proven like any quote.
  const fromSelection = (index: number) => {
    const passage = byIndex.get(index);
    return passage?.selection === true && passage.readId === undefined;
  };
  const early: EarlyClaims | null = deps.onClaims
    ? earlyClaims({
        fragments: verifiable,
        minLiteralLength,
        toShown: (claim, repairs) => shownClaim(claim, byIndex, repairs),
        onShown: deps.onClaims,
        ...(drawn ? { prove: (claim: ShownClaim) => claimSeen(claim, fromSelection, drawn) } : {}),
      })
    : null;
  return {
    input,
    deps,
    prompt: deps.prompt ?? xmlPrompt,
    fragments,
    verifiable,
    byIndex,
    sites,
    attempts,
    checks,
    log,
    drawn,
    fromSelection,
    early,
  };
}

/** One model call, read and verified (and its quotes proven drawn), its citations counted in `run.checks`. */
export async function attemptAnswer(run: AskRun, messages: PromptMessage[], stream?: EarlyClaims | null): Promise<Attempt> {
  const { deps, byIndex, drawn } = run;
  const reply = await deps.callModel(messages, stream ? (delta) => stream.write(delta) : undefined);
  // Claims still being proven drawn are shown (or not) before the answer is.
  if (stream) await stream.settled();
  deps.onStage?.('checking');
  const parsed = parseReply(reply);
  if (!parsed.ok) {
    return { reply, answer: null, problems: [parsed.problem], claimOk: [], repairs: [] };
  }
  deps.onReplyShape?.(parsed.shape);
  const verified = verifyAnswer(parsed.answer, run.verifiable, run.input.minLiteralLength);
  const claims = parsed.answer.claims;
  const v = drawn
    ? await withSeenProof(
        verified,
        (c) =>
          shownClaim(
            claims[c]!,
            byIndex,
            verified.repairs.filter((r) => r.claim === c),
          ),
        run.fromSelection,
        drawn,
      )
    : verified;
  countChecks(run.checks, parsed.answer, v);
  return { reply, answer: parsed.answer, ...v };
}

/** Adds one attempt's citations to the tally: all of them, the broken ones, the repaired by slip. */
export function countChecks(checks: CitationChecks, answer: ModelAnswer, v: Pick<Verification, 'problems' | 'repairs'>): void {
  for (const claim of answer.claims) checks.citations += claim.citations.length;
  checks.broken += v.problems.filter((p) => p.citation !== undefined).length;
  for (const r of v.repairs) {
    checks.repaired ??= {};
    for (const c of r.repair.classes) checks.repaired[c] = (checks.repaired[c] ?? 0) + 1;
  }
}

/** Runs an attempt; a reply that could not be used is logged (its kind first), then thrown on. */
export async function withReplyErrorsLogged<T>(run: AskRun, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (err) {
    // Its kind first: the private log keeps that word and nothing of the message (lib/shared/store/log-limits.ts).
    if (err instanceof ModelReplyError) await run.log('error', `${err.kind}: ${err.message}`);
    throw err;
  }
}

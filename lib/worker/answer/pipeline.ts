/**
 * The ask pipeline: prompt, model call, verification, one retry, trim or abstain. It takes the
 * model call, clock and log as arguments, so every decision is tested without a browser or network.
 */
import { numberFragments, type Fragment } from '@/lib/worker/prompt/fragments';
import { applyVerdicts, judgeClaims, markUnchecked } from './judge';
import { xmlPrompt, type PromptBuilder, type PromptMessage } from '@/lib/worker/prompt/prompt';
import { answerSchema, type Claim, type ModelAnswer } from '@/lib/worker/model/schema';
import type { PriorTurn } from '@/lib/shared/thread';
import { addUsage, NO_USAGE } from '@/lib/shared/usage';
import { verifyAnswer, type RepairedCitation, type VerifiableFragment } from './verify';
import { earlyClaims, keepShown, type EarlyClaims } from './early-claims';
import { findReplyJson, type ReplyShape } from '@/lib/worker/model/reply-json';
import type { CitationChecks, FailureLogEntry, FailureOutcome, Outcome, Problem, ShownClaim } from '@/lib/shared/run';
import { ModelReplyError, type ModelCall, type ModelReply } from '@/lib/worker/model/call';
import { citationOf } from '@/lib/shared/citation';
import { claimDrawn, rememberDrawn, withDrawnProof, type CheckDrawn } from './drawn-check';
import { siteOf } from '@/lib/shared/site';
import { t } from '@/lib/shared/i18n';

/** A passage with its source, as the fragments carry it (lib/shared/types.ts). */
type SourcedPassage = Fragment['passage'];

export interface AskInput {
  question: string;
  passages: SourcedPassage[];
  /** The fragments' cached blocks, by size (lib/worker/prompt/reuse.ts); one block when absent. */
  groups?: number[];
  /**
   * A follow-up's earlier turns (lib/shared/thread.ts), sent before its question. `passages` then
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
   * Proves in the live pages that verified quotes are drawn for a reader (lib/worker/answer/drawn-check.ts),
   * before their claim is shown; a quote that is not is a broken citation. Without it every
   * verified quote is shown.
   */
  checkDrawn?: CheckDrawn;
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

type Parsed = { ok: true; answer: ModelAnswer; shape: ReplyShape } | { ok: false; problem: Problem };

export function parseReply(reply: ModelReply): Parsed {
  if (reply.stopReason === 'max_tokens' || reply.stopReason === 'model_context_window_exceeded') {
    throw new ModelReplyError('truncated', t('errorTruncated'));
  }
  if (reply.stopReason === 'refusal') {
    const why = reply.stopExplanation ? ` ${reply.stopExplanation}` : '';
    throw new ModelReplyError('refused', t('errorRefused', why));
  }
  // The bare JSON asked for, or the answer object in a fenced block or between sentences
  // (lib/worker/model/reply-json.ts), read with the same schema either way.
  const found = findReplyJson(reply.text, answerSchema);
  if (found.ok) return { ok: true, answer: found.value, shape: found.shape };
  if (found.reason === 'not-json') return { ok: false, problem: { kind: 'no-claims', message: 'The reply was not valid JSON.' } };
  return { ok: false, problem: { kind: 'no-claims', message: `The reply did not match the schema (${found.detail}).` } };
}

function show(answer: ModelAnswer, claimOk: boolean[], fragments: Fragment[], repairs: RepairedCitation[] = []): ShownClaim[] {
  const byIndex = new Map(fragments.map((f) => [f.index, f.passage]));
  return answer.claims
    .map((claim, i) => ({ claim, i }))
    .filter(({ i }) => claimOk[i])
    .map(({ claim, i }) =>
      shownClaim(
        claim,
        byIndex,
        repairs.filter((r) => r.claim === i),
      ),
    );
}

/** A verified claim with its sources, each repaired citation as its repair found it in the page. */
function shownClaim(claim: Claim, byIndex: Map<number, SourcedPassage>, repairs: RepairedCitation[]): ShownClaim {
  const repaired = new Map(repairs.map((r) => [r.citation, r.repair]));
  return {
    text: claim.text,
    citations: claim.citations.map((c, k) => {
      const r = repaired.get(k);
      if (!r) return citationOf(byIndex.get(c.index)!, c.literal, c.index);
      const passage = byIndex.get(r.index)!;
      const next = r.runsInto !== undefined ? byIndex.get(r.runsInto) : undefined;
      // A quote across two passages of a frame is found in their text as one, as a pair of
      // neighbours sent as one fragment is (lib/worker/rank/rank.ts unitPassage).
      const source = next ? { ...passage, text: `${passage.text}\n${next.text}` } : passage;
      const shown = citationOf(source, r.literal, r.index, r.parts);
      return r.parts ? { ...shown, parts: r.parts } : shown;
    }),
  };
}

/**
 * The fragments as the verifier sees them, each with the one whose passage follows it in the same
 * frame (a pair of neighbours sent as one fragment ends at its second member).
 */
export function verifiableFragments(fragments: Fragment[]): VerifiableFragment[] {
  const key = (p: SourcedPassage, order: number) => `${p.tabId}:${p.frameId}:${p.url}:${order}`;
  const lastOrder = (p: SourcedPassage) => p.order + (p.id.includes('+') ? 1 : 0);
  const byStart = new Map<string, number>();
  for (const f of fragments) if (!f.passage.selection) byStart.set(key(f.passage, f.passage.order), f.index);
  return fragments.map((f) => {
    const next = f.passage.selection ? undefined : byStart.get(key(f.passage, lastOrder(f.passage) + 1));
    const seams = f.passage.seams;
    return {
      index: f.index,
      text: f.passage.text,
      ...(next !== undefined ? { next } : {}),
      ...(seams !== undefined && seams.length > 0 ? { seams } : {}),
    };
  });
}

/** The pipeline, with the tokens of its model calls (the judge's too) added up in the outcome. */
export async function answerQuestion(input: AskInput, deps: AskDeps): Promise<Outcome> {
  let usage = NO_USAGE;
  const counted =
    (call: ModelCall): ModelCall =>
    async (messages, onText) => {
      const reply = await call(messages, onText);
      if (reply.usage) usage = addUsage(usage, reply.usage);
      return reply;
    };
  const outcome = await answerChecked(input, {
    ...deps,
    callModel: counted(deps.callModel),
    ...(deps.judge ? { judge: { ...deps.judge, call: counted(deps.judge.call) } } : {}),
  });
  return usage.calls > 0 ? { ...outcome, usage } : outcome;
}

async function answerChecked(input: AskInput, deps: AskDeps): Promise<Outcome> {
  const { question, passages, minLiteralLength } = input;
  const checks: CitationChecks = { citations: 0, broken: 0 };
  if (passages.length === 0) return { kind: 'abstain', reason: 'no-relevant-passages', retried: false, checks };

  const fragments = numberFragments(passages);
  const verifiable = verifiableFragments(fragments);
  const sites = [...new Set(passages.map((p) => siteOf(p.url)))];
  const attempts: Problem[][] = [];
  const log = (outcome: FailureOutcome, detail?: string) =>
    deps.log({ at: deps.now(), question, sites, attempts, outcome, ...(detail ? { detail } : {}) });

  const byIndex = new Map(fragments.map((f) => [f.index, f.passage]));
  // Each quote asked about in its page once, however often its claim is verified.
  const drawn = deps.checkDrawn ? rememberDrawn(deps.checkDrawn) : null;
  // Only the selection the browser gave (the context menu's) is the user's without a proof: one
  // read in a page (it has that reading's id) may be a script's, and is proven like any quote.
  const fromSelection = (index: number) => {
    const passage = byIndex.get(index);
    return passage?.selection === true && passage.readId === undefined;
  };
  // The first reply's claims, shown as each is verified (and proven drawn) while it streams.
  const early: EarlyClaims | null = deps.onClaims
    ? earlyClaims({
        fragments: verifiable,
        minLiteralLength,
        toShown: (claim, repairs) => shownClaim(claim, byIndex, repairs),
        onShown: deps.onClaims,
        ...(drawn ? { prove: (claim: ShownClaim) => claimDrawn(claim, fromSelection, drawn) } : {}),
      })
    : null;
  const attempt = async (messages: PromptMessage[], stream?: EarlyClaims | null) => {
    const reply = await deps.callModel(messages, stream ? (delta) => stream.write(delta) : undefined);
    // Claims still being proven drawn are shown (or not) before the answer is.
    if (stream) await stream.settled();
    deps.onStage?.('checking');
    const parsed = parseReply(reply);
    if (!parsed.ok) {
      return { reply, answer: null, problems: [parsed.problem], claimOk: [] as boolean[], repairs: [] as RepairedCitation[] };
    }
    deps.onReplyShape?.(parsed.shape);
    const verified = verifyAnswer(parsed.answer, verifiable, minLiteralLength);
    const claims = parsed.answer.claims;
    const v = drawn
      ? await withDrawnProof(
          verified,
          (c) =>
            shownClaim(
              claims[c]!,
              byIndex,
              verified.repairs.filter((r) => r.claim === c),
            ),
          fromSelection,
          drawn,
        )
      : verified;
    for (const claim of parsed.answer.claims) checks.citations += claim.citations.length;
    checks.broken += v.problems.filter((p) => p.citation !== undefined).length;
    for (const r of v.repairs) {
      checks.repaired ??= {};
      for (const c of r.repair.classes) checks.repaired[c] = (checks.repaired[c] ?? 0) + 1;
    }
    return { reply, answer: parsed.answer, ...v };
  };

  const withReplyErrorsLogged = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      // Its kind first: the private log keeps that word and nothing of the message (lib/shared/log-limits.ts).
      if (err instanceof ModelReplyError) await log('error', `${err.kind}: ${err.message}`);
      throw err;
    }
  };

  const prompt = deps.prompt ?? xmlPrompt;
  /** The answer as shown, after the judge (when enabled) has marked or dropped unsupported claims. */
  const finish = async (verified: ShownClaim[], droppedClaims: number, retried: boolean): Promise<Outcome> => {
    // Nothing shown while the reply streamed is taken back: it keeps its place among the final claims.
    const claims = keepShown(early?.shown() ?? [], verified);
    const answer: Outcome = { kind: 'answer', claims, droppedClaims, retried, checks };
    if (!deps.judge) return answer;
    deps.onStage?.('judging');
    const verdicts = await judgeClaims(claims, deps.judge.call).catch(async (err: unknown) => {
      // The judge is a second opinion: its failure leaves the verified answer standing.
      await deps.log({
        at: deps.now(),
        question,
        sites,
        attempts: [],
        outcome: 'error',
        detail: `judge: ${err instanceof Error ? err.message : String(err)}`,
      });
      return null;
    });
    // A judge that failed leaves every claim "not checked", never looking checked.
    if (!verdicts)
      return {
        ...answer,
        claims: markUnchecked(claims),
        judged: { policy: deps.judge.policy, unsupported: 0, unchecked: claims.length },
      };
    const judged = applyVerdicts(claims, verdicts, deps.judge.policy);
    if (judged.claims.length === 0) return { kind: 'abstain', reason: 'unsupported', retried, checks };
    return {
      ...answer,
      claims: judged.claims,
      judged: {
        policy: deps.judge.policy,
        unsupported: judged.unsupported,
        ...(judged.unchecked > 0 ? { unchecked: judged.unchecked } : {}),
      },
    };
  };

  deps.onStage?.('asking');
  let first: Awaited<ReturnType<typeof attempt>>;
  try {
    first = await withReplyErrorsLogged(() => attempt(prompt.first(fragments, question, input.groups, input.history), early));
  } catch (err) {
    // Cut short or refused after some claims were verified and shown: those claims are the answer.
    if (!(err instanceof ModelReplyError) || (early?.shown().length ?? 0) === 0) throw err;
    return finish([], 0, false);
  }
  if (first.problems.length === 0) {
    if (first.answer!.no_information) return { kind: 'abstain', reason: 'no-information', retried: false, checks };
    return finish(show(first.answer!, first.claimOk, fragments, first.repairs), 0, false);
  }
  attempts.push(first.problems);

  deps.onStage?.('retrying');
  // Claims shown while the first reply streamed stand whatever the retry brings.
  const shownEarly = early?.shown().length ?? 0;
  const keptEarly = async (detail: string) => {
    await log('dropped-claims', detail);
    return finish([], (first.answer?.claims.length ?? shownEarly) - shownEarly, true);
  };
  let second: Awaited<ReturnType<typeof attempt>>;
  try {
    second = await withReplyErrorsLogged(() =>
      attempt(
        prompt.retry(
          fragments,
          question,
          first.reply.transcript ?? first.reply.text,
          first.problems,
          input.groups,
          input.history,
        ),
      ),
    );
  } catch (err) {
    // A reply that cannot be used (cut short, refused) leaves the verified claims standing; a
    // failure of the call itself, or Cancel, ends the question as before (the screens keep
    // showing the claims they had).
    if (shownEarly === 0 || !(err instanceof ModelReplyError)) throw err;
    return keptEarly(`the retry could not be used (${err.kind}); the claims verified first stand`);
  }
  if (second.problems.length > 0) attempts.push(second.problems);

  if (!second.answer && shownEarly > 0) return keptEarly('the retry was malformed; the claims verified first stand');
  if (!second.answer) {
    await log('error', 'The reply was malformed twice.');
    throw new ModelReplyError('malformed', t('errorMalformed'));
  }
  if (second.answer.no_information && shownEarly > 0)
    return keptEarly('the retry found no information; the claims verified first stand');
  if (second.answer.no_information && second.problems.length === 0) {
    await log('abstained', 'After the retry Claude found no information.');
    return { kind: 'abstain', reason: 'no-information', retried: true, checks };
  }
  const kept = show(second.answer, second.claimOk, fragments, second.repairs);
  if (second.problems.length === 0) {
    await log('repaired');
    return finish(kept, 0, true);
  }
  if (kept.length > 0) {
    const dropped = second.answer.claims.length - kept.length;
    await log('dropped-claims', `${dropped} claim(s) dropped`);
    return finish(kept, dropped, true);
  }
  if (shownEarly > 0) return keptEarly('no claim of the retry was verified; the claims verified first stand');
  await log('abstained', 'No claim could be verified after the retry.');
  return { kind: 'abstain', reason: 'unverifiable', retried: true, checks };
}

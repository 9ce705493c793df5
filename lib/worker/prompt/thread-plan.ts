/**
 * What a question of a thread sends (lib/shared/answer/thread.ts): the earlier turns as conversation
 * turns, the fragments they sent, and what this question adds. Pure: the thread, the passages
 * of the tabs now and the selection for the question in, the plan out.
 *
 * Numbering: within a context (from the thread's last turn that started one) fragment indices run
 * on across turns. An earlier fragment that the follow-up needs again is not sent again: it is in
 * the request already, under its old index. The follow-up's new fragments come after, in a block
 * of their own. Every earlier block is sent exactly as before, so the request's prefix is the
 * previous request's, byte for byte, and is read from the prompt cache.
 *
 * A new context starts (the earlier turns then go as text only: question, claims, quotes with
 * their sources, no fragment) when the earlier fragments are no longer what the tabs hold (a page
 * changed), or when what the follow-up adds would not fit its budget or the follow-up cap.
 */
import type { SendPlan } from '@/lib/shared/answer/run';
import { siteOf } from '@/lib/shared/answer/site';
import type { PriorClaim, PriorTurn, Turn } from '@/lib/shared/answer/thread';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { fragmentTokens } from '@/lib/worker/rank/budget';
import type { Selection } from '@/lib/worker/rank/rank';
import { followUpCap, halvePlan, key as passageKey, memberKeys, stillCurrent } from './reuse';

/** Turns before the context that still go, as text only, with a question (the latest ones). */
export const MAX_TEXT_TURNS = 6;

/**
 * `passages` holds the earlier turns' fragments (the first `reused`), then those this question
 * adds: `addedBy(plan)`, which its turn keeps.
 */
export interface ThreadSendPlan extends SendPlan {
  /** The earlier turns, sent before the question. */
  history: PriorTurn[];
  /** This question starts a new context: no earlier fragment is sent. */
  restarted: boolean;
}

/** The fragments a plan adds to the thread's: those after the earlier turns'. */
export function addedBy(plan: Pick<SendPlan, 'passages' | 'reused'>): SourcedPassage[] {
  return plan.passages.slice(plan.reused);
}

/** The turns of the current context: from the last one that started one. */
export function contextOf(turns: Turn[]): Turn[] {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.restarted) return turns.slice(i);
  return turns;
}

/** The questions asked before, oldest first: what a follow-up's own words may lean on. */
export function earlierQuestions(turns: Turn[]): string[] {
  return turns.map((t) => t.question);
}

const tokensOf = (ps: SourcedPassage[]) => ps.reduce((n, p) => n + fragmentTokens(p), 0);

/**
 * A turn as a request carries it. Each quote cites its fragment by its index in `numbered` (the
 * request's fragments, in order), found by the passage it came from; a quote whose fragment is
 * not in the request (text only) names its source instead.
 */
export function priorTurn(turn: Turn, numbered: SourcedPassage[], textOnly: boolean): PriorTurn {
  const indexOf = new Map<string, number>();
  if (!textOnly) numbered.forEach((p, i) => indexOf.set(passageKey(p), i + 1));
  const claims: PriorClaim[] =
    turn.outcome?.kind === 'answer'
      ? turn.outcome.claims.map((c) => ({
          text: c.text,
          citations: c.citations.map((q) => {
            const index = indexOf.get(passageKey({ tabId: q.tabId, frameId: q.frameId, id: q.passageId }));
            return {
              ...(index !== undefined ? { index } : {}),
              literal: q.literal,
              source: `${q.title || q.site} (${siteOf(q.url)})`,
            };
          }),
        }))
      : [];
  return { question: turn.question, fragments: textOnly ? 0 : turn.fragments.length, textOnly, claims };
}

/** Turns that go to the model at all: the ones with an outcome (search results were never sent). */
const asked = (turns: Turn[]) => turns.filter((t) => t.outcome);

/** A new context: the earlier turns as text only, then the selection as the question's own fragments. */
function restart(selection: Pick<Selection, 'passages' | 'tokens'>, turns: Turn[]): ThreadSendPlan {
  const history = asked(turns)
    .slice(-MAX_TEXT_TURNS)
    .map((t) => priorTurn(t, [], true));
  const n = selection.passages.length;
  return {
    passages: selection.passages,
    groups: n > 0 ? [n] : [],
    tokens: selection.tokens,
    reused: 0,
    history,
    restarted: true,
  };
}

/**
 * The plan of a question whose thread has `turns` (empty for the first question), given the
 * passages of the tabs now and the fragments chosen for it (`selection`, within `budget`).
 */
export function planTurn(selection: Selection, current: SourcedPassage[], budget: number, turns: Turn[]): ThreadSendPlan {
  // Nothing relevant: "not found" without a call, whatever came before.
  if (selection.passages.length === 0) return { ...restart(selection, []), history: [] };
  const context = contextOf(turns);
  const before = turns.slice(0, turns.length - context.length);
  const prior = context.flatMap((t) => t.fragments);
  if (context.length === 0 || !stillCurrent(prior, current)) return restart(selection, turns);

  const sent = new Set(prior.flatMap(memberKeys));
  // The user's selection goes first: a new one cannot come after the earlier blocks.
  if (selection.passages.some((p) => p.selection && !sent.has(passageKey(p)))) return restart(selection, turns);
  const byKey = new Map(current.map((p) => [passageKey(p), p]));
  const added: SourcedPassage[] = [];
  for (const f of selection.passages) {
    const members = memberKeys(f);
    const missing = members.filter((k) => !sent.has(k));
    if (missing.length === members.length) added.push(f);
    // Half of a passage-with-neighbour was sent already: add the other half alone.
    else for (const k of missing) added.push(byKey.get(k)!);
  }
  const addedTokens = tokensOf(added);
  const tokens = tokensOf(prior) + addedTokens;
  if (addedTokens > budget || tokens > followUpCap(budget)) return restart(selection, turns);

  const passages = [...prior, ...added];
  const history = [
    ...asked(before)
      .slice(-MAX_TEXT_TURNS)
      .map((t) => priorTurn(t, [], true)),
    ...asked(context).map((t) => priorTurn(t, passages, false)),
  ];
  return {
    passages,
    groups: [...asked(context).map((t) => t.fragments.length), added.length].filter((n) => n > 0),
    tokens,
    reused: prior.length,
    history,
    restarted: false,
  };
}

/**
 * The second try after the API found a request too large: a new context with the better half of
 * the fragments this question chose (lib/worker/prompt/reuse.ts `halvePlan`), the earlier turns as text.
 */
export function halveThreadPlan(plan: Pick<SendPlan, 'passages' | 'reused'>, turns: Turn[]): ThreadSendPlan {
  const own = addedBy(plan).length > 0 ? addedBy(plan) : plan.passages;
  const half = halvePlan({ passages: own, groups: [own.length], tokens: tokensOf(own), reused: 0 });
  return restart(half, turns);
}

/**
 * What a question sends, arranged for the prompt cache. The cache reuses a request's prefix only
 * when it is the same, byte for byte, up to a cache breakpoint. A fresh question sends its
 * fragments as one cached block. A follow-up about the same pages sends the previous question's
 * block again, unchanged, and adds what it needs in a block of its own: the first block is read
 * from the cache, only the new one is paid in full. Each block ends at a breakpoint; the API
 * allows four, so a conversation keeps at most three blocks before starting afresh.
 */
import { fragmentTokens } from './budget';
import type { Selection } from './rank';
import type { SourcedPassage } from '@/lib/shared/types';
import { MAX_FRAGMENT_BUDGET } from '@/lib/shared/settings';
import type { SendPlan } from '@/lib/shared/run';

export const MAX_BLOCKS = 3;
/** How long the API keeps a cached prefix after its last use. */
export const CACHE_LIFETIME_MS = 5 * 60_000;

/** The previous question's plan and when it was sent. */
export interface PreviousSend {
  plan: SendPlan;
  sentAt: number;
}

export const key = (p: Pick<SourcedPassage, 'tabId' | 'frameId' | 'id'>) => `${p.tabId}/${p.frameId}/${p.id}`;
/** The passages a fragment is made of: itself, or the two of a passage with its neighbour. */
export const memberKeys = (p: SourcedPassage) => p.id.split('+').map((id) => key({ ...p, id }));

/** Everything of a fragment that reaches the prompt: equal fingerprints, equal prompt text. */
function fingerprint(p: SourcedPassage): string {
  return JSON.stringify([p.tabId, p.frameId, p.id, p.text, p.title, p.url, p.heading ?? null, p.selection ?? false]);
}

/**
 * True when every fragment of the previous plan would be sent now exactly as it was: its
 * passages are still in the tabs, with the same text, title and address. A tab that navigated or
 * changed makes the old block stale, and a stale block is never sent.
 */
export function stillCurrent(previous: SourcedPassage[], current: SourcedPassage[]): boolean {
  const byKey = new Map(current.map((p) => [key(p), p]));
  return previous.every((f) => {
    const members = memberKeys(f).map((k) => byKey.get(k));
    if (members.some((m) => !m)) return false;
    const rebuilt =
      members.length === 1 ? members[0]! : { ...members[0]!, id: f.id, text: members.map((m) => m!.text).join('\n') };
    return fingerprint(rebuilt) === fingerprint(f);
  });
}

/**
 * What a follow-up may send in all: twice the budget, since the first half is read from the cache
 * at a tenth of the price of fresh input, and never more than the largest budget the setting
 * allows, whose headroom keeps the request within the model's context.
 */
export function followUpCap(budget: number): number {
  return Math.min(2 * budget, MAX_FRAGMENT_BUDGET);
}

export function freshPlan(selection: Selection): SendPlan {
  const n = selection.passages.length;
  return { passages: selection.passages, groups: n > 0 ? [n] : [], tokens: selection.tokens, reused: 0 };
}

/**
 * The plan for a question: the previous blocks and what this question adds, when they are still
 * cached and still current, when what is added fits the budget and the whole `followUpCap`;
 * else this question's own selection.
 */
export function planSend(
  selection: Selection,
  current: SourcedPassage[],
  budget: number,
  previous: PreviousSend | null,
  now: number,
): SendPlan {
  const fresh = freshPlan(selection);
  if (!previous || selection.passages.length === 0) return fresh;
  const prev = previous.plan;
  if (prev.passages.length === 0 || now - previous.sentAt > CACHE_LIFETIME_MS) return fresh;
  if (!stillCurrent(prev.passages, current)) return fresh;

  const sent = new Set(prev.passages.flatMap(memberKeys));
  // The user's selection goes first: if it is new, a block after the old ones would not be first.
  if (selection.passages.some((p) => p.selection && !sent.has(key(p)))) return fresh;

  const byKey = new Map(current.map((p) => [key(p), p]));
  const added: SourcedPassage[] = [];
  for (const f of selection.passages) {
    const members = memberKeys(f);
    const missing = members.filter((k) => !sent.has(k));
    if (missing.length === members.length) added.push(f);
    // Half of a passage-with-neighbour was sent already: add the other half alone.
    else for (const k of missing) added.push(byKey.get(k)!);
  }
  if (added.length === 0) return { ...prev, reused: prev.passages.length };
  if (prev.groups.length >= MAX_BLOCKS) return fresh;
  const addedTokens = added.reduce((n, p) => n + fragmentTokens(p), 0);
  const tokens = prev.tokens + addedTokens;
  if (addedTokens > budget || tokens > followUpCap(budget)) return fresh;
  return {
    passages: [...prev.passages, ...added],
    groups: [...prev.groups, added.length],
    tokens,
    reused: prev.passages.length,
  };
}

/**
 * The plan cut to the fragments that fit in half its tokens, best first (at least one), in one
 * block: the second try after the API found a request too large.
 */
export function halvePlan(plan: SendPlan): SendPlan {
  const kept: SourcedPassage[] = [];
  let tokens = 0;
  for (const p of plan.passages) {
    const cost = fragmentTokens(p);
    if (kept.length > 0 && tokens + cost > plan.tokens / 2) break;
    kept.push(p);
    tokens += cost;
  }
  return { passages: kept, groups: kept.length > 0 ? [kept.length] : [], tokens, reused: 0 };
}

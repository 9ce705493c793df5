/**
 * What a follow-up may reuse of what its thread sent before (lib/worker/prompt/thread-plan.ts plans the
 * turn). The prompt cache reuses a request's prefix only when it is the same, byte for byte, up
 * to a cache breakpoint, and an earlier answer cites its fragments by their old indices: so the
 * earlier fragments go again only when every one of them would be sent exactly as it was. Here:
 * the passages' keys, that check, how much a follow-up may send in all, and the halved plan of a
 * request the API found too large.
 */
import { fragmentTokens } from '@/lib/worker/rank/budget';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { MAX_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';
import type { SendPlan } from '@/lib/shared/answer/run';

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

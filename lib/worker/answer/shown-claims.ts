/**
 * From the model's claims to the claims shown: each verified claim with its sources, a repaired
 * citation as its repair found it in the page; and the fragments as the verifier sees them. Pure.
 */
import type { Fragment } from '@/lib/worker/prompt/fragments';
import type { Claim, ModelAnswer } from '@/lib/worker/model/schema';
import type { ShownClaim } from '@/lib/shared/answer/run';
import { citationOf } from '@/lib/shared/answer/citation';
import type { RepairedCitation, VerifiableFragment } from './verify';
import type { SourcedPassage } from './ask-input';

/** The answer's claims that passed (`claimOk`), as shown. */
export function show(
  answer: ModelAnswer,
  claimOk: boolean[],
  fragments: Fragment[],
  repairs: RepairedCitation[] = [],
): ShownClaim[] {
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
export function shownClaim(claim: Claim, byIndex: Map<number, SourcedPassage>, repairs: RepairedCitation[]): ShownClaim {
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

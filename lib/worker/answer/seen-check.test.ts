import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { claimSeen, rememberSeen, withSeenProof, type CheckSeen } from './seen-check';
import { citationOf } from '@/lib/shared/answer/citation';
import type { Verification } from './verify';
import type { ShownCitation, ShownClaim } from '@/lib/shared/answer/run';
import type { SeenResult } from '@/lib/shared/protocol/types';
import { addRule, restoreRulesAfterEach } from '@/tests/support/seen-rules';

restoreRulesAfterEach();

const page = passage('The kettle boils a litre in three minutes. Its handle stays cool.', { tabId: 3, frameId: 0 });
const frame = passage('The filter lifts out for rinsing.', { tabId: 3, frameId: 5 });
const pdf = passage('Section 4: the element is guaranteed for five years.', { page: 2 });
const selected = passage('the handle stays cool', { selection: true });

const claims: ShownClaim[] = [
  { text: 'It boils fast.', citations: [citationOf(page, 'boils a litre in three minutes', 1)] },
  { text: 'The filter comes out.', citations: [citationOf(frame, 'The filter lifts out', 2)] },
  { text: 'Five-year guarantee.', citations: [citationOf(pdf, 'guaranteed for five years', 3)] },
  { text: 'Cool handle.', citations: [citationOf(selected, 'the handle stays cool', 4)] },
];
const fromSelection = (index: number) => index === 4;
const allOk: Verification = { problems: [], claimOk: [true, true, true, true], repairs: [] };

/** A page check that answers from `verdicts` by literal, and records what it was asked. */
function pages(verdicts: Record<string, SeenResult>) {
  const asked: ShownCitation[] = [];
  const check: CheckSeen = async (citations) => {
    asked.push(...citations);
    return citations.map((c) => verdicts[c.literal] ?? { drawn: true as const });
  };
  return { asked, check };
}

describe('a quote of a video’s captions', () => {
  const captions = passage('The council will spend forty million on repairing the bridges.', {
    tabId: 3,
    frameId: 0,
    video: { key: 'media:0:talk.webm', cues: [{ at: 0, startMs: 150_000, endMs: 156_000 }] },
  });
  const spoken: ShownClaim = { text: 'Bridges get repaired.', citations: [citationOf(captions, 'on repairing the bridges', 1)] };

  it('is not shown when its page says its player is not one a reader sees', async () => {
    const p = pages({ 'on repairing the bridges': { drawn: false, reason: 'faint' } });
    const ok: Verification = { problems: [], claimOk: [true], repairs: [] };
    const proven = await withSeenProof(
      ok,
      () => spoken,
      () => false,
      p.check,
    );
    expect(proven.claimOk).toEqual([false]);
    expect(proven.problems).toEqual([expect.objectContaining({ kind: 'not-drawn', reason: 'faint' })]);
    expect(await claimSeen(spoken, () => false, p.check)).toBe(false);
    expect(p.asked.map((c) => c.video?.key)).toEqual(['media:0:talk.webm', 'media:0:talk.webm']);
  });

  it('is shown when its player is seen', async () => {
    const p = pages({});
    expect(await claimSeen(spoken, () => false, p.check)).toBe(true);
    expect(p.asked).toHaveLength(1);
  });

  it('of a YouTube watch page is proven by the site’s own transcript: its page is not asked', async () => {
    const youtube = passage('The council will spend forty million on repairing the bridges.', {
      tabId: 3,
      frameId: 0,
      video: { key: 'youtube:dQw4w9WgXcQ', cues: [{ at: 0, startMs: 150_000, endMs: 156_000 }] },
    });
    const claim: ShownClaim = { text: 'x', citations: [citationOf(youtube, 'on repairing the bridges', 1)] };
    const p = pages({ 'on repairing the bridges': { drawn: false, reason: 'not-found' } });
    expect(await claimSeen(claim, () => false, p.check)).toBe(true);
    expect(p.asked).toEqual([]);
  });

  it('and a quote of the page beside it is asked as ever', async () => {
    const p = pages({});
    const both: ShownClaim = { text: 'x', citations: [...spoken.citations, citationOf(page, 'Its handle stays cool', 2)] };
    await claimSeen(both, () => false, p.check);
    expect(p.asked.map((c) => c.literal)).toEqual(['on repairing the bridges', 'Its handle stays cool']);
  });
});

describe('withSeenProof', () => {
  it('leaves the verification as it is when every quote is drawn', async () => {
    const p = pages({});
    expect(await withSeenProof(allOk, (c) => claims[c]!, fromSelection, p.check)).toEqual(allOk);
  });

  it('asks the pages about web quotes only: not a PDF’s, not the user’s own selection', async () => {
    const p = pages({});
    await withSeenProof(allOk, (c) => claims[c]!, fromSelection, p.check);
    expect(p.asked.map((q) => [q.literal, q.frameId])).toEqual([
      ['boils a litre in three minutes', 0],
      ['The filter lifts out', 5],
    ]);
  });

  it('makes a quote its page does not draw a broken citation, with the reason for the log and the retry', async () => {
    const p = pages({ 'The filter lifts out': { drawn: false, reason: 'covered' } });
    const v = await withSeenProof(allOk, (c) => claims[c]!, fromSelection, p.check);
    expect(v.claimOk).toEqual([true, false, true, true]);
    expect(v.problems).toEqual([
      expect.objectContaining({ kind: 'not-drawn', claim: 1, citation: 0, index: 2, reason: 'covered' }),
    ]);
    expect(v.problems[0]!.message).toContain('is covered by another box');
  });

  it('reads each answer by the one table of rules of what is seen (lib/shared/seen/seen.ts), words and all', async () => {
    const p = pages({});
    expect((await withSeenProof(allOk, (c) => claims[c]!, fromSelection, p.check)).claimOk).toEqual([true, true, true, true]);
    // A row that says an answer proves nothing: every quote asked about is now a broken citation, with the row's reason.
    addRule({
      why: 'unproven',
      seen: 'unproven',
      reads: ['answered'],
      when: (m) => m.answered === true,
      says: 'A rule of this test.',
    });
    const v = await withSeenProof(allOk, (c) => claims[c]!, fromSelection, p.check);
    expect(v.claimOk).toEqual([false, false, true, true]);
    expect(v.problems.map((q) => q.kind === 'not-drawn' && q.reason)).toEqual(['unproven', 'unproven']);
    expect(v.problems[0]!.message).toContain('cannot be measured');
    expect(await claimSeen(claims[0]!, fromSelection, p.check)).toBe(false);
  });

  it('does not ask about claims that already failed, and keeps their problems', async () => {
    const failed: Verification = {
      problems: [{ kind: 'not-in-fragment', claim: 0, message: 'x' }],
      claimOk: [false, true, true, true],
      repairs: [],
    };
    const p = pages({});
    const v = await withSeenProof(failed, (c) => claims[c]!, fromSelection, p.check);
    expect(p.asked.map((q) => q.literal)).toEqual(['The filter lifts out']);
    expect(v).toEqual(failed);
  });

  it('takes a quote the pages gave no answer about as not proven', async () => {
    const v = await withSeenProof(
      allOk,
      (c) => claims[c]!,
      fromSelection,
      async () => [{ drawn: true }],
    );
    expect(v.claimOk).toEqual([true, false, true, true]);
  });
});

describe('claimSeen and rememberSeen', () => {
  it('proves a claim only when each of its page quotes is drawn', async () => {
    const p = pages({ 'The filter lifts out': { drawn: false, reason: 'transparent' } });
    expect(await claimSeen(claims[0]!, fromSelection, p.check)).toBe(true);
    expect(await claimSeen(claims[1]!, fromSelection, p.check)).toBe(false);
    // A PDF's quote is not asked about: nothing to prove in a page.
    expect(await claimSeen(claims[2]!, fromSelection, p.check)).toBe(true);
  });

  it('asks the page about one quote once, however often its claim is checked', async () => {
    const p = pages({});
    const check = rememberSeen(p.check);
    await claimSeen(claims[0]!, fromSelection, check);
    await withSeenProof(allOk, (c) => claims[c]!, fromSelection, check);
    expect(p.asked.map((q) => q.literal)).toEqual(['boils a litre in three minutes', 'The filter lifts out']);
  });
});

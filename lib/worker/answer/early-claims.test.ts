import { describe, expect, it } from 'vitest';
import type { ShownClaim } from '@/lib/shared/answer/run';
import { earlyClaims, keepShown, sameClaim } from './early-claims';

const fragments = [
  { index: 1, text: 'The museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.' },
  { index: 2, text: 'Tickets cost 12 euros for adults; children under 12 enter for free.' },
];
const good = { text: 'It opens at 9.', citations: [{ index: 1, literal: 'The museum opens at 9 a.m.' }] };
const broken = { text: 'It has a café.', citations: [{ index: 1, literal: 'there is a lovely café' }] };
const alsoGood = { text: 'Children are free.', citations: [{ index: 2, literal: 'children under 12 enter for free' }] };

const shown = (claim: { text: string; citations: Array<{ index: number; literal: string }> }): ShownClaim => ({
  text: claim.text,
  citations: claim.citations.map((c) => ({
    literal: c.literal,
    index: c.index,
    passageId: `p${c.index}`,
    passageText: '',
    passageOrder: 0,
    tabId: c.index,
    windowId: 1,
    frameId: 0,
    url: 'https://museum.example/',
    title: 'Museum',
    site: 'museum.example',
  })),
});

function streamed(text: string) {
  const reports: string[][] = [];
  const early = earlyClaims({
    fragments,
    minLiteralLength: 15,
    toShown: shown,
    onShown: (claims) => reports.push(claims.map((c) => c.text)),
  });
  for (let i = 0; i < text.length; i += 10) early.write(text.slice(i, i + 10));
  return { reports, early };
}

describe('claims shown as they are verified', () => {
  it('shows each verified claim as it closes, in order, and never a broken one', () => {
    const { reports, early } = streamed(JSON.stringify({ no_information: false, claims: [good, broken, alsoGood] }));
    expect(reports).toEqual([['It opens at 9.'], ['It opens at 9.', 'Children are free.']]);
    expect(early.shown().map((c) => c.citations[0]!.tabId)).toEqual([1, 2]);
  });

  it('shows nothing of a claim that does not have the claim schema', () => {
    const { reports } = streamed(JSON.stringify({ no_information: false, claims: [{ text: '', citations: good.citations }] }));
    expect(reports).toEqual([]);
  });
});

describe('claims shown once their pages prove them drawn', () => {
  it('shows a verified claim only once its quotes are proven drawn, and never one that is not', async () => {
    const reports: string[][] = [];
    const asked: string[] = [];
    const early = earlyClaims({
      fragments,
      minLiteralLength: 15,
      toShown: shown,
      onShown: (claims) => reports.push(claims.map((c) => c.text)),
      prove: async (claim) => {
        asked.push(claim.text);
        return claim.text !== 'It opens at 9.';
      },
    });
    early.write(JSON.stringify({ no_information: false, claims: [good, broken, alsoGood] }));
    // Nothing is shown before its proof is in.
    expect(reports).toEqual([]);
    await early.settled();
    expect(asked).toEqual(['It opens at 9.', 'Children are free.']);
    expect(reports).toEqual([['Children are free.']]);
    expect(early.shown().map((c) => c.text)).toEqual(['Children are free.']);
  });
});

describe('the final claims keep the claims shown early', () => {
  it('are the later claims when nothing was shown', () => {
    expect(keepShown([], [shown(good)])).toEqual([shown(good)]);
  });

  it('keep every shown claim in its place and put a repaired claim where the answer had it', () => {
    const repaired = {
      text: 'It has a café on the roof.',
      citations: [{ index: 2, literal: 'Tickets cost 12 euros for adults' }],
    };
    const final = keepShown([shown(good), shown(alsoGood)], [shown(good), shown(repaired), shown(alsoGood)]);
    expect(final.map((c) => c.text)).toEqual(['It opens at 9.', 'It has a café on the roof.', 'Children are free.']);
  });

  it('keep a shown claim the retry left out or reworded, without showing it twice', () => {
    const reworded = { ...good, text: 'The museum opens at nine.' };
    const final = keepShown([shown(good), shown(alsoGood)], [shown(reworded)]);
    expect(final.map((c) => c.text)).toEqual(['It opens at 9.', 'Children are free.']);
    expect(sameClaim(shown(good), shown(reworded))).toBe(true);
    expect(sameClaim(shown(good), shown(alsoGood))).toBe(false);
  });
});

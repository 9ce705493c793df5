import { describe, expect, it } from 'vitest';
import type { ModelAnswer } from '@/lib/worker/model/schema';
import { verifyAnswer } from './verify';

const fragments = [
  { index: 1, text: 'The Eiffel Tower is 330 metres tall and was completed in 1889.' },
  { index: 2, text: 'Gustave Eiffel’s company designed and built the tower — a “temporary” exhibit.' },
];

const answer = (claims: ModelAnswer['claims'], no_information = false): ModelAnswer => ({ no_information, claims });

describe('verifyAnswer', () => {
  it('accepts a literal copied from its fragment', () => {
    const v = verifyAnswer(
      answer([{ text: 'It is 330 m tall.', citations: [{ index: 1, literal: 'is 330 metres tall' }] }]),
      fragments,
    );
    expect(v.problems).toEqual([]);
    expect(v.claimOk).toEqual([true]);
  });

  it('accepts typographic drift: straight quotes, hyphen for dash, case, extra spaces', () => {
    const literal = `gustave eiffel's company designed  and built the tower - a "temporary" exhibit`;
    const v = verifyAnswer(answer([{ text: 'Eiffel built it.', citations: [{ index: 2, literal }] }]), fragments);
    expect(v.problems).toEqual([]);
  });

  it('rejects an index that was not sent, when the words stand in no fragment', () => {
    const v = verifyAnswer(answer([{ text: 'x', citations: [{ index: 3, literal: 'is 340 metres tall' }] }]), fragments);
    expect(v.problems.map((p) => p.kind)).toEqual(['unknown-index']);
    expect(v.claimOk).toEqual([false]);
  });

  it('rejects an empty literal', () => {
    const v = verifyAnswer(answer([{ text: 'x', citations: [{ index: 1, literal: '  ' }] }]), fragments);
    expect(v.problems.map((p) => p.kind)).toEqual(['empty-literal']);
  });

  it('rejects a literal shorter than the minimum, and the minimum is a setting', () => {
    const short = answer([{ text: 'x', citations: [{ index: 1, literal: '330 metres' }] }]);
    expect(verifyAnswer(short, fragments).problems.map((p) => p.kind)).toEqual(['too-short']);
    expect(verifyAnswer(short, fragments, 10).problems).toEqual([]);
  });

  it('rejects a paraphrase and names the failing quote', () => {
    const v = verifyAnswer(
      answer([{ text: 'x', citations: [{ index: 1, literal: 'the tower is 330 metres high' }] }]),
      fragments,
    );
    expect(v.problems).toHaveLength(1);
    expect(v.problems[0]!.kind).toBe('not-in-fragment');
    expect(v.problems[0]!.message).toContain('the tower is 330 metres high');
  });

  it('re-points a literal that stands in exactly one other fragment, and says so', () => {
    const v = verifyAnswer(answer([{ text: 'x', citations: [{ index: 2, literal: 'was completed in 1889' }] }]), fragments);
    expect(v.problems).toEqual([]);
    expect(v.repairs).toEqual([
      { claim: 0, citation: 0, repair: { classes: ['wrong-index'], index: 1, literal: 'was completed in 1889' } },
    ]);
  });

  it('sends a failed quote back with the closest sentence of the fragment it named', () => {
    const v = verifyAnswer(
      answer([{ text: 'x', citations: [{ index: 1, literal: 'The Eiffel Tower is 300 metres high' }] }]),
      fragments,
    );
    expect(v.problems.map((p) => p.kind)).toEqual(['not-in-fragment']);
    expect(v.problems[0]!.message).toContain('Did you mean: "The Eiffel Tower is 330 metres tall and was completed in 1889."?');
  });

  it('rejects a claim without citations', () => {
    const v = verifyAnswer(answer([{ text: 'Trust me.', citations: [] }]), fragments);
    expect(v.problems.map((p) => p.kind)).toEqual(['no-citations']);
  });

  it('rejects no claims while not abstaining', () => {
    expect(verifyAnswer(answer([]), fragments).problems.map((p) => p.kind)).toEqual(['no-claims']);
  });

  it('accepts an abstention with no claims, rejects one that also makes claims', () => {
    expect(verifyAnswer(answer([], true), fragments).problems).toEqual([]);
    const both = answer([{ text: 'x', citations: [{ index: 1, literal: 'is 330 metres tall' }] }], true);
    expect(verifyAnswer(both, fragments).problems.map((p) => p.kind)).toEqual(['claims-with-no-information']);
  });

  it('marks each claim on its own: one broken citation breaks only its claim', () => {
    const v = verifyAnswer(
      answer([
        { text: 'a', citations: [{ index: 1, literal: 'completed in 1889' }] },
        {
          text: 'b',
          citations: [
            { index: 2, literal: 'designed and built the tower' },
            { index: 2, literal: 'made of solid gold' },
          ],
        },
      ]),
      fragments,
    );
    expect(v.claimOk).toEqual([true, false]);
    expect(v.problems).toHaveLength(1);
    expect(v.problems[0]).toMatchObject({ claim: 1, citation: 1, index: 2, literal: 'made of solid gold' });
  });

  it('accepts a literal the model copied with the prompt’s XML escapes', () => {
    const frags = [{ index: 1, text: 'Use the <video> element & its controls attribute.' }];
    const v = verifyAnswer(
      answer([{ text: 'x', citations: [{ index: 1, literal: 'the &lt;video&gt; element &amp; its controls' }] }]),
      frags,
    );
    expect(v.problems).toEqual([]);
  });

  it('refuses an "A … B" join whose spans lie in the two passages of a passage sent with its neighbour', () => {
    const north = 'Tickets for the north pier cost five euros.';
    const south = 'Tickets for the south pier are free on Sundays.';
    const pair = [{ index: 1, text: `${north}\n${south}`, seams: [north.length + 1] }];
    const cite = (literal: string) => answer([{ text: 'x', citations: [{ index: 1, literal }] }]);
    expect(verifyAnswer(cite('Tickets for the north pier … are free on Sundays'), pair, 10).claimOk).toEqual([false]);
    const within = verifyAnswer(cite('Tickets for the north pier … five euros'), pair, 10);
    expect(within.claimOk).toEqual([true]);
    expect(within.repairs[0]?.repair.parts).toEqual(['Tickets for the north pier', 'five euros']);
  });
});

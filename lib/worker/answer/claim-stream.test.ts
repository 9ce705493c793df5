import { describe, expect, it } from 'vitest';
import { claimStream } from './claim-stream';

const answer = JSON.stringify({
  no_information: false,
  claims: [
    { text: 'It opens at 9 {sharp}.', citations: [{ index: 1, literal: 'opens at 9 a.m. "daily" }' }] },
    { text: 'Children are free.', citations: [{ index: 2, literal: 'children under 12 enter for free' }] },
  ],
});

/** The claims reported, with the length of text written when each was. */
function feed(pieces: string[]) {
  const seen: Array<{ claim: unknown; position: number; at: number }> = [];
  let written = 0;
  const stream = claimStream((claim, position) => seen.push({ claim, position, at: written }));
  for (const p of pieces) {
    written += p.length;
    stream.write(p);
  }
  return seen;
}

const pieces = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('claims as they stream in', () => {
  it('reports each claim as soon as its object closes, before the rest of the answer arrives', () => {
    const seen = feed(pieces(answer, 7));
    expect(seen.map((s) => s.position)).toEqual([0, 1]);
    expect(seen[0]!.claim).toEqual(JSON.parse(answer).claims[0]);
    // The first claim came while the second was still being written.
    const secondStarts = answer.indexOf('{"text":"Children');
    expect(seen[0]!.at).toBeLessThan(secondStarts + 7);
    // Written one character at a time: the second claim comes with its own closing brace, before `]}`.
    expect(feed(pieces(answer, 1))[1]!.at).toBe(answer.length - 2);
  });

  it('is not fooled by braces and quotes inside strings, whatever the pieces', () => {
    for (const size of [1, 3, 50, answer.length])
      expect(feed(pieces(answer, size)).map((s) => s.claim)).toEqual(JSON.parse(answer).claims);
  });

  it('reports nothing once the answer says it has no information', () => {
    const text = JSON.stringify({ no_information: true, claims: [{ text: 'x', citations: [] }] });
    expect(feed(pieces(text, 5))).toEqual([]);
  });

  it('skips a sentence or a fence before the JSON, and stops following at text that is not JSON', () => {
    const fenced = 'Here is the answer:\n```json\n' + answer + '\n```\nHope this helps.';
    expect(feed(pieces(fenced, 9)).map((s) => s.position)).toEqual([0, 1]);
    const broken =
      '{"no_information": false, "claims": [' + JSON.stringify(JSON.parse(answer).claims[0]) + ', oops {"text":"y"}]}';
    expect(feed(pieces(broken, 4)).map((s) => s.position)).toEqual([0]);
  });

  it('reports nothing for prose without JSON', () => {
    expect(feed(['The museum opens at nine.', ' It is free for children.'])).toEqual([]);
  });
});

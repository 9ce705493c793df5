import { describe, expect, it } from 'vitest';
import type { ShownCitation, ShownClaim } from './run';
import { numberSources, samePageOrdinals } from './sources';

const cite = (url: string, literal: string, extra: Partial<ShownCitation> = {}): ShownCitation => ({
  literal,
  index: 1,
  passageId: literal,
  passageText: literal,
  passageOrder: 0,
  tabId: 1,
  windowId: 1,
  frameId: 0,
  url,
  title: url,
  site: new URL(url).host,
  ...extra,
});

describe('numberSources', () => {
  it('numbers each page once, in the order the answer first quotes it', () => {
    const a = cite('https://a.example/x', 'first quote of a');
    const b = cite('https://b.example/y', 'first quote of b');
    const a2 = cite('https://a.example/x#later', 'second quote of a');
    const claims: ShownClaim[] = [
      { text: 'one', citations: [b] },
      { text: 'two', citations: [a, a2] },
    ];
    const { sources, numberOf } = numberSources(claims);
    expect(sources.map((s) => [s.n, s.citation.url, s.quotes])).toEqual([
      [1, 'https://b.example/y', 1],
      [2, 'https://a.example/x', 2],
    ]);
    expect([numberOf(b), numberOf(a), numberOf(a2)]).toEqual([1, 2, 2]);
  });

  it('keeps a frame apart from the page around it', () => {
    const page = cite('https://a.example/x', 'quote of the page');
    const frame = cite('https://a.example/x', 'quote of its frame', { frameId: 7 });
    const { sources } = numberSources([{ text: 't', citations: [page, frame] }]);
    expect(sources).toHaveLength(2);
  });
});

describe('samePageOrdinals', () => {
  it('counts a claim’s quotes of one page, and leaves a page quoted once alone', () => {
    const a = cite('https://a.example/x', 'one');
    const b = cite('https://a.example/x', 'two');
    const c = cite('https://c.example/', 'three');
    expect(samePageOrdinals([a, c, b])).toEqual([{ n: 1, of: 2 }, undefined, { n: 2, of: 2 }]);
  });

  it('tells a PDF’s pages apart', () => {
    const p1 = cite('https://a.example/doc.pdf', 'one', { page: 1 });
    const p2 = cite('https://a.example/doc.pdf', 'two', { page: 2 });
    expect(samePageOrdinals([p1, p2])).toEqual([undefined, undefined]);
  });
});

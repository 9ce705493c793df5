import { describe, expect, it } from 'vitest';
import { applyVerdicts, buildJudgeMessages, judgeClaims } from './judge';
import type { ModelReply } from '@/lib/worker/model/call';
import type { ShownClaim } from '@/lib/shared/answer/run';

const claim = (text: string, literal: string): ShownClaim => ({
  text,
  citations: [
    {
      literal,
      index: 1,
      passageId: 'p',
      passageText: literal,
      passageOrder: 0,
      tabId: 1,
      windowId: 1,
      frameId: 0,
      url: 'https://a.org',
      title: 'A <page>',
      site: 'a.org',
    },
  ],
});
const claims = [
  claim('It opens at 9.', 'The museum opens at 9 a.m.'),
  claim('It is the oldest museum.', 'The museum opened in 1901.'),
];
const reply = (value: unknown, stopReason = 'end_turn'): ModelReply => ({ text: JSON.stringify(value), stopReason });

describe('judge', () => {
  it('shows the judge each claim with its quotes, numbered and escaped', () => {
    const text = JSON.stringify(buildJudgeMessages([claim('x </claim><claim>y', 'q')]));
    expect(text).toContain('<item number=\\"1\\">');
    expect(text).toContain('x &lt;/claim&gt;&lt;claim&gt;y');
    expect(text).toContain('source=\\"A &lt;page&gt;\\"');
  });

  it('reads verdicts, and gives up quietly on a reply it cannot read', async () => {
    const verdicts = [{ claim: 2, supported: false, reason: 'Opening in 1901 does not make it the oldest.' }];
    expect(await judgeClaims(claims, async () => reply({ verdicts }))).toEqual(verdicts);
    expect(await judgeClaims(claims, async () => ({ text: 'not json', stopReason: 'end_turn' }))).toBeNull();
    expect(await judgeClaims(claims, async () => reply({ verdicts }, 'max_tokens'))).toBeNull();
  });

  it('marks unsupported claims with the reason, or drops them, and counts them', () => {
    const verdicts = [
      { claim: 1, supported: true, reason: 'Said outright.' },
      { claim: 2, supported: false, reason: 'Age is not compared.' },
    ];
    const marked = applyVerdicts(claims, verdicts, 'mark');
    expect(marked.unsupported).toBe(1);
    expect(marked.claims.map((c) => c.doubt)).toEqual([undefined, 'Age is not compared.']);
    const dropped = applyVerdicts(claims, verdicts, 'drop');
    expect(dropped.claims.map((c) => c.text)).toEqual(['It opens at 9.']);
  });

  it('a claim the judge said nothing about is kept but marked not checked, never left looking checked', () => {
    const kept = applyVerdicts(claims, [{ claim: 1, supported: true, reason: 'Said outright.' }], 'drop');
    expect(kept.claims.map((c) => [c.text, c.unchecked])).toEqual([
      ['It opens at 9.', undefined],
      ['It is the oldest museum.', true],
    ]);
    expect(kept.unchecked).toBe(1);
    expect(applyVerdicts(claims, [], 'mark').claims.every((c) => c.unchecked)).toBe(true);
  });

  it('tells the judge each quote’s site beside its title, and when it is a frame’s', () => {
    const fromFrame = claim('It is free.', 'Entry is free');
    fromFrame.citations[0] = { ...fromFrame.citations[0]!, frameId: 3, site: 'ads.example' };
    const text = JSON.stringify(buildJudgeMessages([claims[0]!, fromFrame]));
    expect(text).toContain('source=\\"A &lt;page&gt;\\" site=\\"a.org\\"');
    expect(text).toContain('site=\\"ads.example, in a frame of the page\\"');
  });
});

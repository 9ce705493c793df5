import { describe, expect, it } from 'vitest';
import { checkUpTo, EarlyChecks } from './early-checks';

describe('EarlyChecks', () => {
  const verdict = { hidden: ['b'], cut: [{ id: 'c', text: 'Seen words.' }], noHeading: ['c', 'd'] };

  it('answers the check before sending from the reading that checked every passage, about the passages asked only', () => {
    const early = new EarlyChecks();
    early.keep(3, 0, 'r1', ['a', 'b', 'c', 'd'], verdict);
    expect(early.answer(3, 0, 'r1', ['a', 'c'])).toEqual({
      hidden: [],
      cut: [{ id: 'c', text: 'Seen words.' }],
      noHeading: ['c'],
    });
    expect(early.answer(3, 0, 'r1', ['b', 'd'])).toEqual({ hidden: ['b'], cut: [], noHeading: ['d'] });
  });

  it('does not answer for a passage that reading did not check, another reading, frame or tab: the frame is asked', () => {
    const early = new EarlyChecks();
    early.keep(3, 0, 'r1', ['a', 'b'], { hidden: [], cut: [], noHeading: [] });
    expect(early.answer(3, 0, 'r1', ['a', 'x'])).toBeNull();
    expect(early.answer(3, 0, 'r2', ['a'])).toBeNull();
    expect(early.answer(3, 1, 'r1', ['a'])).toBeNull();
    expect(early.answer(4, 0, 'r1', ['a'])).toBeNull();
  });

  it('answers from a check asked after the reading once its reply has come, and from nothing when it failed', async () => {
    const early = new EarlyChecks();
    let reply!: (v: typeof verdict) => void;
    early.asking(3, 0, 'r1', ['a', 'b', 'c', 'd'], new Promise((r) => (reply = r)));
    early.asking(4, 0, 'r9', ['a'], Promise.reject(new Error('the frame is gone')));
    expect(early.answer(3, 0, 'r1', ['b'])).toBeNull();
    const settled = early.settled(3, 0, 'r1');
    reply(verdict);
    await settled;
    expect(early.answer(3, 0, 'r1', ['b'])).toEqual({ hidden: ['b'], cut: [], noHeading: [] });
    await early.settled(4, 0, 'r9');
    expect(early.answer(4, 0, 'r9', ['a'])).toBeNull();
  });

  it('keeps nothing from a frame that could not tell', () => {
    const early = new EarlyChecks();
    early.keep(3, 0, 'r1', ['a'], { hidden: [], cut: [], noHeading: [], unknown: true });
    expect(early.answer(3, 0, 'r1', ['a'])).toBeNull();
  });
});

describe('checkUpTo', () => {
  it("is a tab's share of the budget, in characters, smaller as more tabs share it", () => {
    expect(checkUpTo(8000, 1)).toBe(24_000);
    expect(checkUpTo(8000, 10)).toBe(2_400);
    expect(checkUpTo(8000, 0)).toBe(24_000);
  });
});

/** Whether an expert setting differs from what the extension ships with: the "Advanced" disclosure then starts open. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/shared/store/settings';
import { advancedChanged, readNumbers, shownNumbers, textsOf } from './number-settings';

describe('advancedChanged', () => {
  it('is false as shipped, and for a server whose support-check model is its own preset’s', () => {
    expect(advancedChanged(DEFAULT_SETTINGS)).toBe(false);
    expect(advancedChanged({ ...DEFAULT_SETTINGS, server: 'openai', model: 'gpt-5-mini', judgeModel: 'gpt-5-nano' })).toBe(false);
  });

  it('is true for each expert setting changed', () => {
    for (const change of [
      { minQuoteLength: 20 },
      { citationMode: 'native' as const },
      { judge: 'off' as const },
      { judgeModel: 'my-judge' },
      { fragmentBudget: 6000 },
      { reviewBeforeSending: true },
      { localTimeoutS: 600 },
    ])
      expect(advancedChanged({ ...DEFAULT_SETTINGS, ...change }), JSON.stringify(change)).toBe(true);
  });
});

describe('the number fields at Save', () => {
  it('reads the local time limit only for a server on this computer', () => {
    expect(shownNumbers(true)).toEqual(['localTimeoutS', 'minQuoteLength', 'fragmentBudget']);
    expect(shownNumbers(false)).toEqual(['minQuoteLength', 'fragmentBudget']);
  });

  it('gives the values typed, or every field out of range, in order, with nothing read', () => {
    const texts = { ...textsOf(DEFAULT_SETTINGS), minQuoteLength: ' 20 ', fragmentBudget: '6000' };
    expect(readNumbers(texts, shownNumbers(false))).toEqual({ ok: true, values: { minQuoteLength: 20, fragmentBudget: 6000 } });
    const wrong = { ...texts, localTimeoutS: '', fragmentBudget: '86000' };
    expect(readNumbers(wrong, shownNumbers(true))).toEqual({ ok: false, wrong: ['localTimeoutS', 'fragmentBudget'] });
    // A field not shown is not read, whatever it holds.
    expect(readNumbers(wrong, ['minQuoteLength'])).toEqual({ ok: true, values: { minQuoteLength: 20 } });
  });
});

/** Whether an expert setting differs from what the extension ships with: the "Advanced" disclosure then starts open. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/shared/settings';
import { advancedChanged } from './number-settings';

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

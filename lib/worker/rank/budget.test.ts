import { describe, expect, it } from 'vitest';
import { estimateTokens, fragmentBudget, MODEL_CONTEXT_TOKENS } from './budget';
import { clampBudget, DEFAULT_FRAGMENT_BUDGET, MAX_FRAGMENT_BUDGET, MIN_FRAGMENT_BUDGET } from '@/lib/shared/store/settings';

describe('estimateTokens', () => {
  it('counts English prose at no more than four characters a token', () => {
    const text = 'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.';
    expect(estimateTokens(text)).toBeGreaterThanOrEqual(Math.ceil(text.length / 4));
    expect(estimateTokens(text)).toBeLessThan(text.length / 2);
  });

  it('counts Chinese, Japanese and Thai at a token or more a character', () => {
    for (const text of ['黑豹队的防守只丢了分', '東京は日本の首都です', 'ภาษาไทยไม่มีการเว้นวรรค']) {
      expect(estimateTokens(text)).toBeGreaterThanOrEqual([...text].length);
    }
  });

  it('costs accented text more than plain ASCII of the same length', () => {
    expect(estimateTokens('éèêëàâäôöûüç')).toBeGreaterThan(estimateTokens('eeeeaaaoouuc'));
  });
});

describe('fragmentBudget', () => {
  it('uses the default when the setting is missing or not a number', () => {
    expect(clampBudget(undefined)).toBe(DEFAULT_FRAGMENT_BUDGET);
    expect(clampBudget(Number.NaN)).toBe(DEFAULT_FRAGMENT_BUDGET);
  });

  it('keeps the setting within bounds', () => {
    expect(clampBudget(10)).toBe(MIN_FRAGMENT_BUDGET);
    expect(clampBudget(10_000_000)).toBe(MAX_FRAGMENT_BUDGET);
    expect(clampBudget(12_345)).toBe(12_345);
  });

  it('leaves room in the context for the whole question, even at twice the estimate', () => {
    const question = '多'.repeat(4000);
    const budget = fragmentBudget(MAX_FRAGMENT_BUDGET, question);
    // Fragments and question at twice their estimates, plus an answer and a retry, fit.
    expect(2 * budget + 2 * estimateTokens(question) + 2 * 4096).toBeLessThan(MODEL_CONTEXT_TOKENS);
  });
});

describe('fragmentBudget for a model of a small context (a server on this computer)', () => {
  it('follows the context the server reports, below the setting', () => {
    const small = fragmentBudget(8000, 'When does it open?', 8192);
    expect(small).toBeGreaterThan(2000);
    expect(small).toBeLessThan(8000);
    expect(fragmentBudget(8000, 'When does it open?', 4096)).toBeLessThan(small);
    // A large context leaves the setting as it is.
    expect(fragmentBudget(8000, 'When does it open?', 131072)).toBe(8000);
    // A context too small for anything sends nothing rather than overflowing.
    expect(fragmentBudget(8000, 'When does it open?', 2048)).toBe(0);
  });
});

/**
 * Counts in Russian and Japanese, in real Chromium in each language: the history's line under a
 * thread says how many questions it holds in the form the language's plural rules choose
 * (Russian "2 вопроса", few, beside "5 вопросов", many, and "21 вопрос", one; Japanese one form
 * for every count), read from the language's catalogue. The threads are put in the history
 * as the worker keeps them; the popup shows them as a user opens History.
 */
import { describe, expect, it } from 'vitest';
import { putHistoryIn } from '../support/extension-storage';
import { useExtension, type TestHarness } from '../support/harness';
import { wordsOf, type Words } from '../support/language';

/** A thread of `n` questions, each not found (the outcome does not matter to the count). */
function thread(id: string, n: number, at: number) {
  return {
    id,
    scope: 'tab',
    pages: [{ tabId: 1, url: 'https://museum.example/visit', title: 'City Museum – Visit' }],
    startedAt: at,
    updatedAt: at,
    turns: Array.from({ length: n }, (_, i) => ({
      id: `${id}-${i}`,
      question: `Q${i + 1}?`,
      askedAt: at,
      answeredAt: at,
      outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } },
    })),
  };
}

/** The lines under the history's threads, newest first, once the popup's History is opened. */
async function historyLines(h: TestHarness, words: Words, counts: number[]): Promise<string[]> {
  await putHistoryIn(
    h.worker,
    counts.map((n, i) => thread(`t${i}`, n, 1_764_751_200_000 - i * 60_000)),
  );
  const page = await h.open('museum-hours.html');
  const popup = await h.popup(page, words('question'));
  await popup.locator(`::-p-aria(${words('history')}[role="button"])`).click();
  await popup.waitForSelector('.history-entry .note');
  return popup.$$eval('.history-entry .note', (notes) => notes.map((n) => n.textContent ?? ''));
}

describe('Russian: one, few and many', () => {
  const h = useExtension({ lang: 'ru' });
  const ru = wordsOf('ru');

  it('2 вопроса, 5 вопросов, 21 вопрос: each count in its own form', async () => {
    // The forms differ, or the test would prove nothing.
    expect(new Set([ru.plural('historyQuestions', 2), ru.plural('historyQuestions', 5)]).size).toBe(2);
    const lines = await historyLines(h, ru, [2, 5, 21]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(` · ${ru('historyQuestions_few', 2)} · `);
    expect(lines[1]).toContain(` · ${ru('historyQuestions_many', 5)} · `);
    expect(lines[2]).toContain(` · ${ru('historyQuestions_one', 21)} · `);
  });
});

describe('Japanese: one form for every count', () => {
  const h = useExtension({ lang: 'ja' });
  const ja = wordsOf('ja');

  it('1, 2 and 5 questions all in the one form, with the number', async () => {
    const lines = await historyLines(h, ja, [1, 2, 5]);
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => l.split(' · ')[1])).toEqual([1, 2, 5].map((n) => ja('historyQuestions_other', n)));
  });
});

/**
 * Counts in Russian and Japanese in Firefox ESR (Debian's firefox-esr-l10n-ru and -ja language
 * packs, chosen by `intl.locale.requested`), as Chromium's tests/e2e/plural-languages.test.ts:
 * the history's line under a thread says how many questions it holds in the form the language's
 * plural rules choose (Russian "2 вопроса", few, beside "5 вопросов", many; Japanese one form),
 * read from the language's catalogue. The threads are put in the extension's history store from
 * one of its own pages; the popup shows them as a user opens History.
 */
import { describe, expect, it } from 'vitest';
import { inTab, openTab, Popup, useFirefox, type Firefox } from '../support/firefox';
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

/** The threads of `counts` questions written to the history store (lib/shared/store/history-store.ts) from the options page. */
async function putHistory(fx: Firefox, counts: number[]): Promise<void> {
  const entries = counts.map((n, i) => thread(`t${i}`, n, 1_764_751_200_000 - i * 60_000));
  const tab = await openTab(fx, `${fx.origin}/options.html`);
  await inTab(
    fx,
    tab,
    `const entries = arguments[0];
     await new Promise((resolve, reject) => {
       const open = indexedDB.open('cited-tabs-history');
       open.onupgradeneeded = () => open.result.createObjectStore('history');
       open.onerror = () => reject(open.error);
       open.onsuccess = () => {
         const tx = open.result.transaction('history', 'readwrite');
         tx.objectStore('history').put(entries, 'entries');
         tx.oncomplete = () => { open.result.close(); resolve(); };
         tx.onerror = () => reject(tx.error);
       };
     });`,
    [entries],
  );
}

/** The lines under the history's threads, newest first, in the popup's History. */
async function historyLines(fx: Firefox, words: Words, counts: number[]): Promise<string[]> {
  await putHistory(fx, counts);
  await openTab(fx, `${fx.fixtures}/museum-hours.html`);
  const popup = new Popup(fx);
  popup.questionLabel = words('question');
  await popup.open();
  await popup.click(words('history'));
  let lines: string[] = [];
  await expect
    .poll(async () => {
      lines = await popup.run<string[]>(
        `return Array.from(doc.querySelectorAll('.history-entry .note')).map((n) => n.textContent);`,
      );
      return lines.length;
    })
    .toBe(counts.length);
  return lines;
}

const prefs = (lang: string) => ({ 'intl.locale.requested': lang, 'extensions.autoDisableScopes': 0 });

describe('Firefox in Russian: one, few and many', () => {
  let fx: Firefox;
  useFirefox((x) => (fx = x), { prefs: prefs('ru') });
  const ru = wordsOf('ru');

  it('2 вопроса, 5 вопросов, 21 вопрос: each count in its own form', async () => {
    expect(new Set([ru.plural('historyQuestions', 2), ru.plural('historyQuestions', 5)]).size).toBe(2);
    const lines = await historyLines(fx, ru, [2, 5, 21]);
    expect(lines[0]).toContain(` · ${ru('historyQuestions_few', 2)} · `);
    expect(lines[1]).toContain(` · ${ru('historyQuestions_many', 5)} · `);
    expect(lines[2]).toContain(` · ${ru('historyQuestions_one', 21)} · `);
  });
});

describe('Firefox in Japanese: one form for every count', () => {
  let fx: Firefox;
  useFirefox((x) => (fx = x), { prefs: prefs('ja') });
  const ja = wordsOf('ja');

  it('1, 2 and 5 questions all in the one form, with the number', async () => {
    const lines = await historyLines(fx, ja, [1, 2, 5]);
    expect(lines.map((l) => l.split(' · ')[1])).toEqual([1, 2, 5].map((n) => ja('historyQuestions_other', n)));
  });
});

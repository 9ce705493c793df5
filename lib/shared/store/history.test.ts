import { describe, expect, it } from 'vitest';
import type { Outcome } from '@/lib/shared/answer/run';
import { entryOf, searchHistory, withThread, withoutEntry, type HistoryEntry } from './history';
import type { Thread, Turn } from '@/lib/shared/answer/thread';

const checks = { citations: 1, broken: 0 };
const answer = (text: string, title = 'City Museum – Tickets'): Outcome => ({
  kind: 'answer',
  claims: [
    {
      text,
      citations: [
        {
          literal: 'Adult tickets cost 12 euros.',
          index: 1,
          passageId: 'p',
          passageText: 'Adult tickets cost 12 euros.',
          passageOrder: 0,
          tabId: 1,
          windowId: 1,
          frameId: 0,
          url: 'https://museum.example/tickets',
          title,
          site: 'museum.example',
        },
      ],
    },
  ],
  droppedClaims: 0,
  retried: false,
  checks,
});
const turn = (id: string, question: string, at: number, outcome?: Outcome): Turn => ({
  id,
  question,
  askedAt: at - 1,
  answeredAt: at,
  fragments: [],
  restarted: false,
  ...(outcome ? { outcome } : {}),
});
const thread = (id: string, turns: Turn[]): Thread => ({
  id,
  scope: 'tab',
  windowId: 1,
  pages: [{ tabId: 1, url: 'https://museum.example/tickets', title: 'City Museum – Tickets' }],
  startedAt: 0,
  turns,
});

describe('entryOf', () => {
  it('keeps the questions that got an answer or a "not found", with their citations and times', () => {
    const notFound: Outcome = { kind: 'abstain', reason: 'no-information', retried: false, checks };
    const e = entryOf(
      thread('t', [
        turn('a', 'What does it cost?', 10, answer('12 euros.')),
        turn('b', 'Any results?', 20),
        turn('c', 'Open on Mars?', 30, notFound),
      ]),
    )!;
    expect(e.turns.map((t) => t.question)).toEqual(['What does it cost?', 'Open on Mars?']);
    expect(e.updatedAt).toBe(30);
    expect(e.turns[0]!.outcome).toEqual(answer('12 euros.'));
    // The sent fragments are not kept: the citations hold what a reopened answer needs.
    expect(JSON.stringify(e)).not.toContain('fragments');
  });

  it('has no entry for a thread without an answer yet', () => {
    expect(entryOf(thread('t', [turn('a', 'q', 1)]))).toBeNull();
  });

  it('keeps an incognito window’s thread out of the history, which is on disk', () => {
    const answered = thread('t', [turn('a', 'What do tickets cost?', 10, answer('Adults pay 12 euros.'))]);
    const before = withThread([], thread('older', [turn('o', 'Older?', 5, answer('x'))]));
    expect(withThread(before, { ...answered, incognito: true })).toBe(before);
    expect(withThread(before, answered)).toHaveLength(2);
  });
});

describe('withThread', () => {
  it('lists threads newest first and updates a thread that goes on in place', () => {
    let h: HistoryEntry[] = [];
    h = withThread(h, thread('one', [turn('a', 'First?', 10, answer('x'))]));
    h = withThread(h, thread('two', [turn('b', 'Second?', 20, answer('y'))]));
    expect(h.map((e) => e.id)).toEqual(['two', 'one']);
    h = withThread(h, thread('one', [turn('a', 'First?', 10, answer('x')), turn('c', 'Follow-up?', 30, answer('z'))]));
    expect(h.map((e) => e.id)).toEqual(['one', 'two']);
    expect(h[0]!.turns.map((t) => t.question)).toEqual(['First?', 'Follow-up?']);
  });

  it('drops the oldest threads past the count and past the size', () => {
    let h: HistoryEntry[] = [];
    for (let i = 0; i < 5; i++)
      h = withThread(h, thread(`t${i}`, [turn(`a${i}`, `Q${i}?`, i + 1, answer('x'))]), { entries: 3, chars: 1e9 });
    expect(h.map((e) => e.id)).toEqual(['t4', 't3', 't2']);
    const one = JSON.stringify(h[0]).length;
    h = withThread(h, thread('t5', [turn('a5', 'Q5?', 9, answer('x'))]), { entries: 100, chars: one * 2 + 10 });
    expect(h.map((e) => e.id)).toEqual(['t5', 't4']);
  });

  it('keeps the latest turns of a thread too large for the whole budget', () => {
    const big = thread('big', [turn('a', 'Old?', 1, answer('x'.repeat(5000))), turn('b', 'New?', 2, answer('y'))]);
    const h = withThread([], big, { entries: 10, chars: 3000 });
    expect(h[0]!.turns.map((t) => t.question)).toEqual(['New?']);
  });
});

describe('searchHistory and withoutEntry', () => {
  const h = [
    withThread([], thread('one', [turn('a', 'What do tickets cost?', 10, answer('Adults pay 12 euros.'))]))[0]!,
    withThread([], thread('two', [turn('b', 'When does the café open?', 20, answer('At 9.', 'Café – Hours'))]))[0]!,
  ];

  it('finds threads by their questions, claims and sources, ignoring case and accents', () => {
    expect(searchHistory(h, 'CAFE').map((e) => e.id)).toEqual(['two']);
    expect(searchHistory(h, '12 euros').map((e) => e.id)).toEqual(['one']);
    expect(searchHistory(h, 'tickets cost').map((e) => e.id)).toEqual(['one']);
    expect(searchHistory(h, 'museum.example').map((e) => e.id)).toEqual(['one', 'two']);
    expect(searchHistory(h, '  ')).toBe(h);
    expect(searchHistory(h, '12 euros café')).toEqual([]);
  });

  it('deletes one thread', () => {
    expect(withoutEntry(h, 'one').map((e) => e.id)).toEqual(['two']);
  });
});

import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Outcome, ShownCitation } from './run';
import { doneRun } from './run-state';
import { answerCiting, continuesThread, MAX_TURNS, pageUrl, withTurn, type Thread, type Turn } from './thread';

const pages = [
  { tabId: 1, url: 'https://museum.example/hours', title: 'Hours' },
  { tabId: 2, url: 'https://museum.example/tickets', title: 'Tickets' },
];
const thread: Thread = { id: 'th', scope: 'window', windowId: 7, pages, startedAt: 0, turns: [] };
const turn = (id: string, restarted = false): Turn => ({
  id,
  question: `Q${id}`,
  askedAt: 0,
  answeredAt: 0,
  fragments: [],
  restarted,
});

describe('the thread of the current pages', () => {
  it('goes on with the same scope, window, tabs and addresses, in any order, a #section aside', () => {
    expect(continuesThread(thread, 'window', 7, [...pages].reverse())).toBe(true);
    expect(
      continuesThread(thread, 'window', 7, [pages[0]!, { ...pages[1]!, url: 'https://museum.example/tickets#children' }]),
    ).toBe(true);
    expect(pageUrl('https://a.example/x?y=1#z')).toBe('https://a.example/x?y=1');
  });

  it('ends when the scope, the window, the tabs or an address changed', () => {
    expect(continuesThread(null, 'window', 7, pages)).toBe(false);
    expect(continuesThread(thread, 'tab', 7, pages)).toBe(false);
    expect(continuesThread(thread, 'window', 8, pages)).toBe(false);
    expect(continuesThread(thread, 'window', 7, pages.slice(0, 1))).toBe(false);
    expect(continuesThread(thread, 'window', 7, [pages[0]!, { ...pages[1]!, url: 'https://museum.example/shop' }])).toBe(false);
    expect(continuesThread(thread, 'window', 7, [pages[0]!, { ...pages[1]!, tabId: 3 }])).toBe(false);
  });

  it('keeps turns in order, one per question, the oldest dropped past the limit', () => {
    let t = thread;
    for (let i = 0; i < MAX_TURNS + 3; i++) t = withTurn(t, turn(String(i), i === 0));
    expect(t.turns).toHaveLength(MAX_TURNS);
    expect(t.turns[0]!.id).toBe('3');
    // The context's start was dropped: the first kept turn starts one, so numbering stays sound.
    expect(t.turns[0]!.restarted).toBe(true);
    expect(withTurn(t, { ...turn('32'), question: 'again' }).turns.filter((x) => x.id === '32')).toHaveLength(1);
  });
});

describe('the answer a clicked citation belongs to', () => {
  const quote = (literal: string): ShownCitation => ({
    literal,
    index: 1,
    passageId: 'p',
    passageText: `${literal} And more.`,
    passageOrder: 0,
    tabId: 1,
    windowId: 1,
    frameId: 0,
    url: 'https://museum.example/hours',
    title: 'Hours',
    site: 'museum.example',
  });
  const answer = (...literals: string[]): Outcome => ({
    kind: 'answer',
    claims: literals.map((l) => ({ text: l, citations: [quote(l)] })),
    droppedClaims: 0,
    retried: false,
    checks: { citations: literals.length, broken: 0 },
  });
  const earlier = answer('Opens at nine every day', 'Closes at six every day');
  const latest = answer('Late openings until ten');
  const withEarlier = {
    ...thread,
    turns: [
      { ...turn('1', true), outcome: earlier },
      { ...turn('2'), outcome: latest },
    ],
  };

  it('is the latest answer when it holds the citation, else the earlier turn that does', () => {
    expect(answerCiting(latest, withEarlier, quote('Late openings until ten'))).toBe(latest);
    expect(answerCiting(latest, withEarlier, quote('Closes at six every day'))).toBe(earlier);
    // A citation of no answer (a search result) keeps the latest.
    expect(answerCiting(latest, withEarlier, quote('Bicycle racks by the door'))).toBe(latest);
  });
});

describe('the thread in extension storage', () => {
  // The storage module reads the extension API when it loads: the fake one is put in place first.
  let store: typeof import('@/lib/shared/store/storage');
  beforeAll(async () => {
    vi.stubGlobal('chrome', fakeBrowser);
    vi.stubGlobal('browser', fakeBrowser);
    store = await import('@/lib/shared/store/storage');
  });
  beforeEach(() => fakeBrowser.reset());

  it('is kept in session storage (out of content scripts’ reach), so a reopened popup or a restarted worker finds it', async () => {
    await store.threadItem.setValue(withTurn(thread, turn('1', true)));
    const raw = await fakeBrowser.storage.session.get('thread');
    expect((raw.thread as Thread).turns.map((t) => t.question)).toEqual(['Q1']);
    expect((await store.threadItem.getValue())!.id).toBe('th');
  });

  it('"New question" empties the thread and the answer shown with it', async () => {
    await store.threadItem.setValue(withTurn(thread, turn('1', true)));
    await store.lastRunItem.setValue(
      doneRun(
        { id: '1', question: 'Q1', scope: 'window', startedAt: 0, skipped: [], threadId: 'th' },
        { finishedAt: 0, results: [] },
      ),
    );
    await store.startNewThread();
    expect(await store.threadItem.getValue()).toBeNull();
    expect(await store.lastRunItem.getValue()).toBeNull();
    // Not a new browser session: the popup opens on the form, not on the history's last thread.
    expect(await store.lastRunItem.read()).toEqual({ kind: 'none' });
  });
});

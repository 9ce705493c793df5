import type { Browser } from 'wxt/browser';
import { describe, expect, it } from 'vitest';
import type { AskMessage } from '@/lib/shared/protocol/messages';
import type { Thread, Turn } from '@/lib/shared/answer/thread';
import { threadStore } from './thread-store';

const tab = (id: number, url: string) => ({ id, url, title: `Page ${id}` }) as Browser.tabs.Tab;
const ask = (question: string): AskMessage => ({ type: 'ask', question, scope: 'window', windowId: 7 }) as AskMessage;
const turn = (id: string): Turn => ({ id, question: `Q ${id}`, askedAt: 1, answeredAt: 2, fragments: [], restarted: true });

function store(initial: Thread | null) {
  let stored = initial;
  let n = 0;
  const threads = threadStore({
    load: async () => stored,
    save: async (t) => void (stored = t),
    newId: () => `thread-${++n}`,
    now: () => 100,
  });
  return { threads, stored: () => stored };
}

describe('the thread store', () => {
  it('continues the stored thread when the question is about the same pages', async () => {
    const s = store(null);
    const tabs = [tab(1, 'https://a.example/'), tab(2, 'https://b.example/')];
    const first = await s.threads.threadFor(ask('What is it?'), tabs, false);
    await s.threads.appendTurn(first.thread.id, turn('r1'));
    const second = await s.threads.threadFor(ask('Tell me more.'), [...tabs].reverse(), false);
    expect(second.thread.id).toBe(first.thread.id);
    expect(second.thread.turns.map((t) => t.id)).toEqual(['r1']);
    expect(second.replaced).toBe(false);
  });

  it('starts a new thread when the pages changed, saying so if the old one had turns', async () => {
    const s = store(null);
    const first = await s.threads.threadFor(ask('What is it?'), [tab(1, 'https://a.example/')], false);
    expect(first.replaced).toBe(false);
    await s.threads.appendTurn(first.thread.id, turn('r1'));
    const next = await s.threads.threadFor(ask('And this?'), [tab(3, 'https://c.example/')], true);
    expect(next.thread.id).not.toBe(first.thread.id);
    expect(next.replaced).toBe(true);
    expect(next.thread.incognito).toBe(true);
    expect(s.stored()?.id).toBe(next.thread.id);
  });

  it('adds no turn to a thread replaced meanwhile ("New question")', async () => {
    const s = store(null);
    const old = await s.threads.threadFor(ask('What is it?'), [tab(1, 'https://a.example/')], false);
    const fresh = await s.threads.threadFor(ask('Other?'), [tab(2, 'https://b.example/')], false);
    await s.threads.appendTurn(old.thread.id, turn('late'));
    expect(s.stored()?.id).toBe(fresh.thread.id);
    expect(s.stored()?.turns).toEqual([]);
  });

  it("gives the turns before a run's own, and none of another thread", async () => {
    const s = store(null);
    const { thread } = await s.threads.threadFor(ask('What is it?'), [tab(1, 'https://a.example/')], false);
    await s.threads.appendTurn(thread.id, turn('r1'));
    await s.threads.appendTurn(thread.id, turn('r2'));
    expect((await s.threads.turnsBefore(thread.id, 'r2')).map((t) => t.id)).toEqual(['r1']);
    expect(await s.threads.turnsBefore('another', 'r2')).toEqual([]);
  });
});

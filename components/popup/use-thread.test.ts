import { describe, expect, it, vi } from 'vitest';
import { doneRun } from '@/lib/shared/answer/run-state';
import type { Thread, Turn } from '@/lib/shared/answer/thread';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { HerePages } from './use-thread';

// The storage module reads the extension API when it loads: the fake one is put in place first.
vi.stubGlobal('chrome', fakeBrowser);
vi.stubGlobal('browser', fakeBrowser);
const { earlierTurns, threadElsewhere } = await import('./use-thread');

const turn = (id: string): Turn => ({ id, question: `Q${id}`, askedAt: 0, answeredAt: 0, fragments: [], restarted: id === '1' });
const hours = { tabId: 1, url: 'https://museum.example/hours', title: 'Hours' };
const tickets = { tabId: 2, url: 'https://museum.example/tickets', title: 'Tickets' };
const thread: Thread = { id: 'th', scope: 'tab', windowId: 7, pages: [hours], startedAt: 0, turns: [turn('1'), turn('2')] };
const run = (id: string, threadId?: string) =>
  doneRun(
    { id, question: 'q', scope: 'tab', startedAt: 0, skipped: [], ...(threadId ? { threadId } : {}) },
    { finishedAt: 0, results: [] },
  );

describe('the thread around the latest answer', () => {
  it('shows the earlier turns above the latest, which the run itself shows', () => {
    expect(earlierTurns(thread, run('2', 'th')).map((t) => t.id)).toEqual(['1']);
    expect(earlierTurns(thread, null).map((t) => t.id)).toEqual(['1', '2']);
    // The run belongs to another thread (a question about other pages): none of this one is shown.
    expect(earlierTurns(thread, run('9', 'other'))).toEqual([]);
    expect(earlierTurns(null, run('2'))).toEqual([]);
  });

  it('says when the thread is about other pages than these, never while a question runs', () => {
    const here = (active: typeof hours): HerePages => ({ windowId: 7, tabs: [hours, tickets], active: [active] });
    expect(threadElsewhere(thread, here(hours), 'tab', [], false)).toBe(false);
    expect(threadElsewhere(thread, here(tickets), 'tab', [], false)).toBe(true);
    expect(threadElsewhere(thread, here(tickets), 'tab', [], true)).toBe(false);
    expect(threadElsewhere(thread, here(tickets), 'window', [], false)).toBe(true);
    expect(threadElsewhere({ ...thread, turns: [] }, here(tickets), 'tab', [], false)).toBe(false);
    expect(threadElsewhere(thread, null, 'tab', [], false)).toBe(false);
  });
});

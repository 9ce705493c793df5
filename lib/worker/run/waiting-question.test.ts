import { describe, expect, it } from 'vitest';
import type { AskMessage } from '@/lib/shared/protocol/messages';
import { ALL_SITES } from '@/lib/shared/access/site-access';
import type { WaitingQuestion } from '@/lib/shared/store/waiting-question';
import { mayResume, WAITING_FRESH_MS, waitingQuestions } from './waiting-question';

const ask: AskMessage = { type: 'ask', question: 'What costs 12 euros?', scope: 'window', windowId: 1 };

function setUp(stored: WaitingQuestion | null, granted: string[] = [ALL_SITES]) {
  let item = stored;
  const started: AskMessage[] = [];
  // A worker over the session storage; `reload` is the same storage seen by a worker started anew.
  const worker = () =>
    waitingQuestions({
      load: async () => item,
      save: async (w) => void (item = w),
      clear: async () => void (item = null),
      granted: async () => granted,
      start: (a) => void started.push(a),
      now: () => 10_000,
    });
  return { service: worker(), reload: worker, started, stored: () => item };
}

const waiting = (over: Partial<WaitingQuestion> = {}): WaitingQuestion => ({
  id: 'w1',
  ask,
  origins: [ALL_SITES],
  at: 1_000,
  ...over,
});

describe('whether the waiting question may go', () => {
  it('goes once every site it waited for is granted, and not before', () => {
    expect(mayResume(waiting(), ['https://api.anthropic.com/*'], 2_000)).toBe(false);
    expect(mayResume(waiting(), [ALL_SITES], 2_000)).toBe(true);
    const chosen = waiting({ origins: ['https://a.example/*', 'https://b.example/*'] });
    expect(mayResume(chosen, ['https://a.example/*'], 2_000)).toBe(false);
    expect(mayResume(chosen, ['https://a.example/*', 'https://b.example/*'], 2_000)).toBe(true);
  });

  it('a question left waiting long ago is not sent by a later grant (from the browser’s settings)', () => {
    expect(mayResume(waiting(), [ALL_SITES], 1_000 + WAITING_FRESH_MS)).toBe(true);
    expect(mayResume(waiting(), [ALL_SITES], 1_000 + WAITING_FRESH_MS + 1)).toBe(false);
    expect(mayResume(null, [ALL_SITES], 2_000)).toBe(false);
  });
});

const kept = (over: Partial<WaitingQuestion> = {}): WaitingQuestion => ({
  id: 'w1',
  ask,
  origins: [ALL_SITES],
  at: 9_000,
  ...over,
});

describe('the worker and the question that waited for access', () => {
  it('access allowed while the popup is closed: the waiting question is asked, once', async () => {
    const { service, started, stored } = setUp(kept());
    expect(await service.onAccessAdded()).toBe(true);
    expect(started).toEqual([ask]);
    expect(stored()).toMatchObject({ id: 'w1', askedAt: 10_000 });
    // Another grant later sends nothing more.
    expect(await service.onAccessAdded()).toBe(false);
    expect(started).toHaveLength(1);
  });

  it('the panel, still open, asks it too under the same id: it is not asked twice, whichever comes first', async () => {
    const first = setUp(kept());
    await Promise.all([first.service.onAccessAdded(), first.service.onAsk({ ...ask, waitingId: 'w1' })]);
    expect(first.started).toHaveLength(1);

    const second = setUp(kept());
    await Promise.all([second.service.onAsk({ ...ask, waitingId: 'w1' }), second.service.onAccessAdded()]);
    expect(second.started).toEqual([ask]);
  });

  it('a worker stopped and started again after asking it (Chrome) still does not ask it twice', async () => {
    const { service, reload, started } = setUp(kept());
    expect(await service.onAccessAdded()).toBe(true);
    const restarted = reload();
    expect(await restarted.onAsk({ ...ask, waitingId: 'w1' })).toBe(false);
    expect(await restarted.onAccessAdded()).toBe(false);
    expect(started).toEqual([ask]);
    // A new question goes, and replaces the record.
    const other: AskMessage = { ...ask, question: 'Something else?', scope: 'tab' };
    expect(await restarted.onAsk(other)).toBe(true);
    expect(started).toEqual([ask, other]);
  });

  it('a screen that asks under the id before the grant reached the worker: asked once, by the screen', async () => {
    const { reload, started, stored } = setUp(kept());
    expect(await reload().onAsk({ ...ask, waitingId: 'w1' })).toBe(true);
    expect(stored()).toBeNull();
    expect(await reload().onAccessAdded()).toBe(false);
    expect(started).toEqual([ask]);
  });

  it('a grant of other access (one site, when all were asked for) does not send it', async () => {
    const { service, started, stored } = setUp(kept(), ['https://a.example/*']);
    expect(await service.onAccessAdded()).toBe(false);
    expect(started).toEqual([]);
    expect(stored()).not.toBeNull();
  });

  it('a new question from a screen replaces the waiting one, which a later grant no longer sends', async () => {
    const { service, started } = setUp(kept());
    const other: AskMessage = { ...ask, question: 'Something else?', scope: 'tab' };
    await service.onAsk(other);
    await service.onAccessAdded();
    expect(started).toEqual([other]);
  });

  it('nothing waiting (the user refused, or asked long ago): a grant sends nothing', async () => {
    const none = setUp(null);
    expect(await none.service.onAccessAdded()).toBe(false);
    expect(none.started).toEqual([]);
    const stale = setUp(kept({ at: 10_000 - 6 * 60_000 }));
    expect(await stale.service.onAccessAdded()).toBe(false);
    expect(stale.started).toEqual([]);
  });
});

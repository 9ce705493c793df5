/**
 * The quote finder asked before it is injected (call-page.ts): a frame that has one answers at
 * once, one that has none gets it, and nothing else is taken for "none there".
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The browser module is not bundled by the test runner: it finds the browser as a global.
const { fakeBrowser } = await vi.hoisted(async () => {
  const m = await import('wxt/testing/fake-browser');
  (globalThis as { chrome?: unknown }).chrome = m.fakeBrowser;
  return m;
});
const { callQuoteFinder, QUOTE_SCRIPT } = await import('./call-page');

const NO_RECEIVER = 'Could not establish connection. Receiving end does not exist.';
const request = { type: 'clear-highlight' as const };

/** The frame's answers to successive messages (an Error is thrown), and the injections asked. */
function frame(...answers: unknown[]) {
  const sent: unknown[] = [];
  const injected: unknown[] = [];
  vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockImplementation((async (_tab: number, message: unknown) => {
    sent.push(message);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer;
  }) as never);
  vi.spyOn(fakeBrowser.scripting, 'executeScript').mockImplementation((async (injection: unknown) => {
    injected.push(injection);
    return [];
  }) as never);
  return { sent, injected };
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('callQuoteFinder', () => {
  it('asks a frame that has its quote finder without injecting it again', async () => {
    const f = frame({ ok: true });
    await expect(callQuoteFinder(3, 0, request)).resolves.toEqual({ ok: true });
    expect(f.injected).toEqual([]);
    expect(f.sent).toEqual([request]);
  });

  it('injects the quote finder where nothing listens, then asks again', async () => {
    const f = frame(new Error(NO_RECEIVER), { ok: true });
    await expect(callQuoteFinder(3, 2, request, { immediately: true })).resolves.toEqual({ ok: true });
    expect(f.injected).toEqual([{ target: { tabId: 3, frameIds: [2] }, files: [QUOTE_SCRIPT], injectImmediately: true }]);
    expect(f.sent).toEqual([request, request]);
  });

  it('injects it where the only listener lets the request pass (the page script)', async () => {
    const passed = frame(undefined, { ok: true });
    await expect(callQuoteFinder(3, 0, request)).resolves.toEqual({ ok: true });
    expect(passed.injected).toHaveLength(1);
    vi.restoreAllMocks();
    const closed = frame(new Error('The message port closed before a response was received.'), { ok: true });
    await expect(callQuoteFinder(3, 0, request)).resolves.toEqual({ ok: true });
    expect(closed.injected).toHaveLength(1);
  });

  it('says any other failure as it is, without injecting', async () => {
    const f = frame(new Error('No tab with id: 3.'));
    await expect(callQuoteFinder(3, 0, request)).rejects.toThrow('No tab with id');
    expect(f.injected).toEqual([]);
  });

  it('refuses a reply that is not the request’s, without asking again', async () => {
    const f = frame({ ok: 'yes' });
    await expect(callQuoteFinder(3, 0, request)).rejects.toThrow();
    expect(f.sent).toHaveLength(1);
    expect(f.injected).toEqual([]);
  });

  it('gives up after the injection when the request is no longer wanted (a click past its limit)', async () => {
    const f = frame(new Error(NO_RECEIVER), { ok: true });
    await expect(callQuoteFinder(3, 0, request, { stillWanted: () => false })).rejects.toThrow('no longer asked');
    expect(f.sent).toHaveLength(1);
  });
});

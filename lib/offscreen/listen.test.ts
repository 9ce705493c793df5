import { beforeEach, describe, expect, it, vi } from 'vitest';

// The offscreen document's listener, caught as it registers with the browser.
const listeners = vi.hoisted(() => [] as Array<(raw: unknown, sender: { id?: string; url?: string }) => unknown>);
vi.mock('wxt/browser', () => ({
  browser: {
    runtime: {
      id: 'cited',
      getURL: (path: string) => `chrome-extension://cited${path}`,
      onMessage: { addListener: (f: (typeof listeners)[number]) => listeners.push(f) },
    },
  },
}));

const { listenForPdfReads } = await import('./listen');

const fetched: string[] = [];
beforeEach(() => {
  listeners.length = 0;
  fetched.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response('not a pdf', { status: 404 });
  });
  listenForPdfReads({ OPS: {}, getDocument: () => Promise.reject(new Error('unused')) as never });
});

const read = { type: 'pdf-read', target: 'offscreen', url: 'https://bank.example/statement.pdf' };

describe('the offscreen PDF reader', () => {
  it('does not hear a content script, though it carries the extension’s id: nothing is fetched', async () => {
    const reply = listeners[0]!(read, { id: 'cited', url: 'https://evil.example/page' });
    expect(reply).toBeUndefined();
    expect(fetched).toEqual([]);
  });

  it('answers the extension’s own worker', async () => {
    const reply = await listeners[0]!(read, { id: 'cited', url: 'chrome-extension://cited/background.js' });
    expect(reply).toMatchObject({ ok: false, reason: { kind: 'not-fetched' } });
    expect(fetched).toEqual(['https://bank.example/statement.pdf']);
  });
});

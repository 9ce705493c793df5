import { describe, expect, it } from 'vitest';
import { pageRequests } from './page-requests';
import { quoteRequests } from './quote-requests';
import {
  askMessage,
  checkReply,
  isFromExtensionPage,
  pageCalls,
  sendChecked,
  workerCalls,
  type QuoteCalls,
  type ReadingCalls,
} from './messages';
import { dispatch, type Handlers } from './dispatch';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;

describe('who may talk to the background', () => {
  it('accepts the popup and the options page', () => {
    expect(isFromExtensionPage({ id: ID, url: `${ORIGIN}popup.html` }, ID, ORIGIN)).toBe(true);
    expect(isFromExtensionPage({ id: ID, url: `${ORIGIN}options.html` }, ID, ORIGIN)).toBe(true);
  });

  it('refuses our own content script: it speaks for a page', () => {
    expect(isFromExtensionPage({ id: ID, url: 'https://evil.example/' }, ID, ORIGIN)).toBe(false);
  });

  it('refuses other extensions and senders without a URL', () => {
    expect(isFromExtensionPage({ id: 'other', url: `chrome-extension://other/popup.html` }, ID, ORIGIN)).toBe(false);
    expect(isFromExtensionPage({ id: ID }, ID, ORIGIN)).toBe(false);
  });
});

describe('the protocol', () => {
  const asked: unknown[] = [];
  const handlers: Handlers<typeof workerCalls> = {
    ask: async (r) => {
      asked.push(r);
      return { started: true };
    },
    cancel: async () => ({ cancelled: false }),
    status: async () => ({ ok: true }),
    reveal: async () => ({ ok: false, message: 'The quote is no longer on the page.' }),
    review: async () => ({ ok: true }),
    'clear-highlights': async () => ({ ok: true }),
    'can-read': async (r) => ({ readable: r.tabId === 7 }),
    'read-ahead': async (r) => {
      asked.push(r);
      return { ok: true };
    },
    build: async () => ({ build: 'b1' }),
  };

  it('hands a well-formed ask to its handler, trimmed as the schema says', async () => {
    asked.length = 0;
    expect(await dispatch(workerCalls, handlers, { type: 'ask', question: ' Why? ', scope: 'tab', windowId: 1 })).toEqual({
      started: true,
    });
    expect(asked).toEqual([{ type: 'ask', question: 'Why?', scope: 'tab', windowId: 1 }]);
  });

  it('hands a read-ahead to its handler only with a scope and a window, and chosen tabs only with their ids', async () => {
    asked.length = 0;
    expect(await dispatch(workerCalls, handlers, { type: 'read-ahead', scope: 'window', windowId: 3 })).toEqual({ ok: true });
    expect(asked).toEqual([{ type: 'read-ahead', scope: 'window', windowId: 3 }]);
    expect(dispatch(workerCalls, handlers, { type: 'read-ahead', scope: 'tabs', windowId: 3 })).toBeUndefined();
    expect(dispatch(workerCalls, handlers, { type: 'read-ahead', scope: 'all', windowId: 3 })).toBeUndefined();
    expect(asked).toHaveLength(1);
  });

  it('hands the side panel’s question about a tab to its handler, and only with a tab id', async () => {
    expect(await dispatch(workerCalls, handlers, { type: 'can-read', tabId: 7 })).toEqual({ readable: true });
    expect(dispatch(workerCalls, handlers, { type: 'can-read', tabId: 'seven' })).toBeUndefined();
    expect(dispatch(workerCalls, handlers, { type: 'can-read' })).toBeUndefined();
  });

  it('ignores an empty question, an unknown scope, an unknown type and things that are not messages', () => {
    expect(dispatch(workerCalls, handlers, { type: 'ask', question: '   ', scope: 'tab', windowId: 1 })).toBeUndefined();
    expect(dispatch(workerCalls, handlers, { type: 'ask', question: 'Why?', scope: 'all', windowId: 1 })).toBeUndefined();
    expect(dispatch(workerCalls, handlers, { type: 'delete-everything' })).toBeUndefined();
    expect(dispatch(workerCalls, handlers, { type: 'toString' })).toBeUndefined();
    expect(dispatch(workerCalls, handlers, null)).toBeUndefined();
    expect(dispatch(workerCalls, handlers, 'ask')).toBeUndefined();
  });

  it('checks a reply against the reply schema of its request', async () => {
    const page = { url: 'https://a.example/', title: 'A', chars: 3, passages: [{ id: 'p1', text: 'abc', order: 0 }] };
    expect(checkReply(pageCalls, 'extract', page)).toEqual(page);
    expect(checkReply(pageCalls, 'extract', { ...page, passages: 'all of them' })).toBeNull();
    expect(checkReply(pageCalls, 'highlight', { ok: false, reason: 'not-found' })).toEqual({ ok: false, reason: 'not-found' });
    expect(checkReply(pageCalls, 'highlight', { ok: false, reason: 'gone fishing' })).toBeNull();
    expect(checkReply(pageCalls, 'highlight', { ok: false, reason: 'not-drawn', why: 'covered' })).toEqual({
      ok: false,
      reason: 'not-drawn',
      why: 'covered',
    });
    expect(
      checkReply(pageCalls, 'drawn', { results: [{ drawn: true }, { drawn: false, reason: 'same-colour' }] }),
    ).not.toBeNull();
    // A page cannot answer "drawn" with a reason, nor give a reason of its own.
    expect(checkReply(pageCalls, 'drawn', { results: [{ drawn: false, reason: 'trust me' }] })).toBeNull();
  });

  it('sends a request and throws on a reply of the wrong shape, or on none', async () => {
    const reveal = {
      type: 'reveal' as const,
      citation: { tabId: 1, windowId: 1, frameId: 0, url: 'https://a.example/', literal: 'x', passageText: 'x', passageOrder: 0 },
    };
    await expect(sendChecked(workerCalls, async () => ({ ok: true }), reveal)).resolves.toEqual({ ok: true });
    await expect(sendChecked(workerCalls, async () => undefined, reveal)).rejects.toThrow('unexpected reply to "reveal"');
    await expect(sendChecked(workerCalls, async () => ({ ok: 'yes' }), reveal)).rejects.toThrow('unexpected reply');
  });

  it('"Choose tabs" carries the ticked tab ids, at least one', () => {
    expect(askMessage.safeParse({ type: 'ask', question: 'Why?', scope: 'tabs', windowId: 1, tabIds: [4, 7] }).success).toBe(
      true,
    );
    expect(askMessage.safeParse({ type: 'ask', question: 'Why?', scope: 'tabs', windowId: 1, tabIds: [] }).success).toBe(false);
    expect(askMessage.safeParse({ type: 'ask', question: 'Why?', scope: 'tabs', windowId: 1 }).success).toBe(false);
    expect(askMessage.safeParse({ type: 'ask', question: 'Why?', scope: 'tabs', windowId: 1, tabIds: ['4'] }).success).toBe(
      false,
    );
  });

  it('the page script and the quote finder parse each request they get by the same schema as the worker sends it, built once', async () => {
    const got: unknown[] = [];
    const reading = {
      extract: async (r: unknown) => (got.push(r), { url: '', title: '', passages: [], chars: 0 }),
    } as unknown as Handlers<ReadingCalls>;
    const quotes = {
      highlight: async (r: unknown) => (got.push(r), { found: false }),
    } as unknown as Handlers<QuoteCalls>;
    await dispatch<ReadingCalls>(pageRequests, reading, { type: 'extract', checkUpTo: 24_000 });
    expect(dispatch<ReadingCalls>(pageRequests, reading, { type: 'extract', checkUpTo: -1 })).toBeUndefined();
    const target = { literal: 'The museum opens at nine.', passageText: 'The museum opens at nine.', passageOrder: 0 };
    await dispatch<QuoteCalls>(quoteRequests, quotes, { type: 'highlight', target, others: [target] });
    expect(dispatch<QuoteCalls>(quoteRequests, quotes, { type: 'highlight', target: { literal: 1 } })).toBeUndefined();
    // Each script answers its own requests alone: the other's are no message of its.
    expect(dispatch<ReadingCalls>(pageRequests, reading, { type: 'highlight', target })).toBeUndefined();
    expect(dispatch<QuoteCalls>(quoteRequests, quotes, { type: 'extract' })).toBeUndefined();
    expect(got).toEqual([
      { type: 'extract', checkUpTo: 24_000 },
      { type: 'highlight', target, others: [target] },
    ]);
    // One schema per request, whoever asks: the worker's map holds the scripts' own.
    expect(pageCalls.extract.request).toBe(pageRequests.extract.request);
    expect(pageCalls.drawn.request).toBe(quoteRequests.drawn.request);
  });
});

/**
 * The question being typed in a popup of an incognito window stays in memory: the draft store is
 * chosen by the window's own `incognito` flag, not by `inIncognitoContext` (false there in
 * "spanning" mode), and is memory until the window is known.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const { fakeBrowser } = await vi.hoisted(async () => {
  const m = await import('wxt/testing/fake-browser');
  (globalThis as { chrome?: unknown }).chrome = m.fakeBrowser;
  return m;
});

const { draftStoreFor } = await import('@/lib/shared/store/storage');

beforeEach(() => fakeBrowser.reset());

const draft = { question: 'Is the bank statement overdue?', scope: 'tab' as const };

describe('the draft store of a popup', () => {
  it('an incognito window’s draft goes to session storage (memory), never to storage.local (disk)', async () => {
    await draftStoreFor({ incognito: true }).setValue(draft);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await fakeBrowser.storage.session.get('draft')).toEqual({ draft });
  });

  it('before the window is known, memory too', async () => {
    await draftStoreFor(null).setValue(draft);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('a regular window’s draft is kept on disk, so closing the popup loses nothing', async () => {
    await draftStoreFor({ incognito: false }).setValue(draft);
    expect(await fakeBrowser.storage.local.get('draft')).toEqual({ draft });
  });
});

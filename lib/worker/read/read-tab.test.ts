import type { Browser } from 'wxt/browser';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/shared/core/i18n';
import type { PdfReadResult } from '@/lib/shared/protocol/pdf-notes';
import type { PageText } from '@/lib/shared/protocol/types';
import { ReadCache } from '@/lib/worker/read/tab-reuse';
import { readTab, takeEarlier, type ReadTabDeps } from './read-tab';

const page = (url: string, text: string, extra: Partial<PageText> = {}): PageText => ({
  url,
  title: 'Fees',
  passages: [{ id: 'p0', text, order: 0 }],
  chars: text.length,
  coverage: { readShare: 1 },
  ...extra,
});
const pdfRead = (url: string): PdfReadResult => ({ ok: true, page: page(url, 'Page one of the statement.') });

/** A tab whose one frame answers with `answer`; what was injected and read is recorded. */
function browserOf(answer: PageText, over: Partial<ReadTabDeps> = {}) {
  const calls: string[] = [];
  const deps: ReadTabDeps = {
    inject: async (_tabId, allFrames) => {
      calls.push(allFrames ? 'inject all' : 'inject main');
      return [0];
    },
    ask: (async (_tabId: number, _frameId: number, msg: { type: string }) => {
      calls.push(msg.type);
      return msg.type === 'unchanged' ? { unchanged: true } : answer;
    }) as ReadTabDeps['ask'],
    readPdf: async (url) => {
      calls.push(`pdf ${url}`);
      return pdfRead(url);
    },
    viewerPdf: () => null,
    pdfOfTab: async () => null,
    ...over,
  };
  return { deps, calls };
}

const tab = (url: string, extra: Partial<Browser.tabs.Tab> = {}) => ({ id: 3, url, title: 'Fees', ...extra }) as Browser.tabs.Tab;
const signal = () => new AbortController().signal;

describe('readTab', () => {
  it('reads a web page by its injected script', async () => {
    const { deps, calls } = browserOf(page('https://bank.example/fees', 'The fee is 2%.'));
    const read = await readTab(tab('https://bank.example/fees'), signal(), new ReadCache(), deps);
    expect('frames' in read && read.frames[0]!.page.passages[0]!.text).toBe('The fee is 2%.');
    expect(calls).toEqual(['inject all', 'extract']);
  });

  it("reuses the thread's reading of a tab that did not change", async () => {
    const cache = new ReadCache().forThread('t1');
    const { deps } = browserOf(page('https://bank.example/fees', 'The fee is 2%.', { readId: 'r1' }));
    await readTab(tab('https://bank.example/fees'), signal(), cache, deps);
    const again = browserOf(page('https://bank.example/fees', 'Other text.'));
    const read = await readTab(tab('https://bank.example/fees'), signal(), cache, again.deps);
    expect(again.calls).toEqual(['unchanged']);
    expect('frames' in read && read.frames[0]!.page.passages[0]!.text).toBe('The fee is 2%.');
  });

  it('takes no earlier reading of a tab it reads without the page script: asleep, not to be entered, a PDF shown', async () => {
    const taken: number[] = [];
    const cache = { take: async (tabId: number) => (taken.push(tabId), null), keep: () => {} };
    const { deps } = browserOf(page('x', ''), {
      viewerPdf: (t) => (t.url?.startsWith('chrome-extension:') ? 'https://bank.example/s.pdf' : null),
    });
    for (const t of [
      tab('https://bank.example/fees', { discarded: true }),
      tab('chrome://settings'),
      tab('chrome-extension://id/pdf-viewer.html'),
    ])
      expect(await takeEarlier(t, signal(), cache, deps)).toBeNull();
    expect(taken).toEqual([]);
    expect(await takeEarlier(tab('https://bank.example/fees'), signal(), cache, deps)).toBeNull();
    expect(taken).toEqual([3]);
  });

  it('reads a PDF in the offscreen document when the page says its document is one', async () => {
    const { deps, calls } = browserOf(page('https://bank.example/s.pdf', '', { isPdf: true }));
    const read = await readTab(tab('https://bank.example/s.pdf'), signal(), new ReadCache(), deps);
    expect(calls).toContain('pdf https://bank.example/s.pdf');
    expect('frames' in read && read.frames[0]!.page.passages[0]!.text).toBe('Page one of the statement.');
  });

  it("reads the PDF the extension's viewer shows, without injecting anything", async () => {
    const { deps, calls } = browserOf(page('x', ''), { viewerPdf: () => 'https://bank.example/s.pdf' });
    await readTab(tab('chrome-extension://id/pdf-viewer.html'), signal(), new ReadCache(), deps);
    expect(calls).toEqual(['pdf https://bank.example/s.pdf']);
  });

  it("does not fetch an incognito tab's PDF with the regular profile's cookies", async () => {
    const { deps, calls } = browserOf(page('x', ''), { viewerPdf: () => 'https://bank.example/s.pdf' });
    const read = await readTab(tab('https://bank.example/s.pdf', { incognito: true }), signal(), new ReadCache(), deps);
    expect(read).toMatchObject({ reason: t('pdfIncognito') });
    expect(calls).toEqual([]);
  });

  it('lists a PDF that never finishes reading as not read, with the time limit', async () => {
    const { deps } = browserOf(page('x', ''), {
      viewerPdf: () => 'https://bank.example/huge.pdf',
      readPdf: () => new Promise<PdfReadResult>(() => {}),
      pdfTimeoutMs: 1,
    });
    const read = await readTab(tab('https://bank.example/huge.pdf'), signal(), new ReadCache(), deps);
    expect(read).toMatchObject({ reason: t('pdfReadTimeout', 1 / 1000) });
  });

  it('says why a browser page or a sleeping tab is not read, unless its address is a PDF', async () => {
    const { deps } = browserOf(page('x', ''));
    expect(await readTab(tab('chrome://settings'), signal(), new ReadCache(), deps)).toMatchObject({
      reason: t('unreadableBrowserPage'),
    });
    expect(await readTab(tab('https://a.example/', { discarded: true }), signal(), new ReadCache(), deps)).toMatchObject({
      reason: t('tabAsleep'),
    });
    const pdf = browserOf(page('x', ''), { pdfOfTab: async () => 'https://a.example/doc.pdf' });
    await readTab(tab('https://a.example/doc', { discarded: true }), signal(), new ReadCache(), pdf.deps);
    expect(pdf.calls).toEqual(['pdf https://a.example/doc.pdf']);
  });
});

describe('a frame with a video', () => {
  const talk = 'https://city.example/talk';
  const caption = {
    id: 'v.1',
    text: 'The council will repair the bridges.',
    order: 10_000,
    video: { key: 'media:0:talk.webm', cues: [{ at: 0, startMs: 151_000, endMs: 156_000 }] },
  };
  const reply = (url = talk) => ({ url, passages: [caption], videos: [{ read: true as const, durationMs: 720_000 }], chars: 36 });

  it('has its captions read as soon as the injection says it has a video, after its text', async () => {
    const { deps, calls } = browserOf(page(talk, 'The budget talk.', { readId: 'r1', media: true }), {
      inject: async (_tabId, _all, onMedia) => {
        calls.push('inject all');
        onMedia?.(0);
        return [0];
      },
      readVideos: async (_tabId, frameId) => {
        calls.push(`videos ${frameId}`);
        return reply();
      },
    });
    const read = await readTab(tab(talk), signal(), new ReadCache(), deps);
    // Asked while the text was being read, not after.
    expect(calls).toEqual(['inject all', 'videos 0', 'extract']);
    if (!('frames' in read)) throw new Error('not read');
    const frame = read.frames[0]!.page;
    expect(frame.passages.map((p) => p.text)).toEqual(['The budget talk.', 'The council will repair the bridges.']);
    expect(frame.videos).toEqual([{ read: true, durationMs: 720_000 }]);
    expect(frame.chars).toBe('The budget talk.'.length + 36);
  });

  it('does not take captions read from another document, nor wait for a reader that does not answer', async () => {
    const moved = browserOf(page(talk, 'The budget talk.', { media: true }), {
      readVideos: async () => reply('https://city.example/other'),
    });
    const read = await readTab(tab(talk), signal(), new ReadCache(), moved.deps);
    if (!('frames' in read)) throw new Error('not read');
    expect(read.frames[0]!.page.passages).toHaveLength(1);
    expect(read.frames[0]!.page.videos).toEqual([{ read: false, reason: 'video-changed' }]);

    const silent = browserOf(page(talk, 'The budget talk.', { media: true }), {
      readVideos: () => new Promise(() => {}),
      videoTimeoutMs: 20,
    });
    const late = await readTab(tab(talk), signal(), new ReadCache(), silent.deps);
    if (!('frames' in late)) throw new Error('not read');
    expect(late.frames[0]!.page.passages).toHaveLength(1);
    expect(late.frames[0]!.page.videos).toEqual([{ read: false, reason: 'unreadable' }]);
  });

  it('reads no video where the page script saw none', async () => {
    const { deps, calls } = browserOf(page(talk, 'Just text.'), {
      readVideos: async () => {
        calls.push('videos');
        return reply();
      },
    });
    await readTab(tab(talk), signal(), new ReadCache(), deps);
    expect(calls).toEqual(['inject all', 'extract']);
  });
});

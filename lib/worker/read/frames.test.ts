import { describe, expect, it } from 'vitest';
import { focusedFrameId, partialTab, passagesOfTab, readTabFrames, readingNotes, tabTotals, type ReadTabDeps } from './frames';
import type { FrameCoverage, PageText } from '@/lib/shared/protocol/types';
import { checkReply, pageCalls } from '@/lib/shared/protocol/messages';
import { ProtocolError } from '@/lib/shared/protocol/worker-replies';

function page(url: string, texts: string[], coverage: FrameCoverage = { readShare: 1 }, path?: number[]): PageText {
  return {
    url,
    title: `Title of ${url}`,
    passages: texts.map((text, order) => ({ id: `${url}#${order}`, text, order })),
    chars: texts.join('').length,
    coverage,
    // Where an embedded frame sits in the page (every frame's script says): without it, it is not shown.
    ...(path ? { focus: { path, child: null } } : {}),
  };
}

/** A tab whose frames answer from `pages` (by frameId); a missing frame throws like a gone frame. */
function deps(injected: number[], pages: Record<number, unknown>): ReadTabDeps & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    inject: async () => injected,
    ask: async (frameId) => {
      asked.push(frameId);
      if (!(frameId in pages)) throw new Error('Could not establish connection. Receiving end does not exist.');
      // As callPage does: the reply checked against the protocol's schema.
      const page = checkReply(pageCalls, 'extract', pages[frameId]);
      if (!page) throw new ProtocolError('extract');
      return page;
    },
  };
}

describe('passagesOfTab: whose site a passage is', () => {
  it('takes the page’s address from the browser’s tab, not from what the page’s script sent back', async () => {
    // A page's own reply could name any address; the browser's tab.url is the one it shows.
    const result = await readTabFrames(
      deps([0, 4], {
        0: page('https://bank.example/login', ['Sign in to your bank.'], { readShare: 1, childFrames: 1 }),
        4: page('https://ads.example/slot', ['Win a prize.'], { readShare: 1, childFrames: 0 }, [0]),
      }),
    );
    if (!result.ok) throw new Error(result.reason);
    const passages = passagesOfTab(result.read, { tabId: 1, windowId: 1, url: 'https://phish.example/login' });
    expect(passages.map((p) => [p.text, p.url])).toEqual([
      ['Sign in to your bank.', 'https://phish.example/login'],
      // An embedded frame keeps its own address: its words are its site's, not the page's.
      ['Win a prize.', 'https://ads.example/slot'],
    ]);
  });
});

describe('readTabFrames', () => {
  it('asks every frame it reached, keeps each frame apart and names the tab after its page', async () => {
    const d = deps([0, 7, 3], {
      0: page('https://news.example/story', ['Story text.'], { readShare: 1, childFrames: 2 }),
      3: page('https://video.example/embed', ['Video caption.'], { readShare: 1, childFrames: 0 }, [0]),
      7: page('https://news.example/comments', ['A comment.', 'Another comment.'], { readShare: 1, childFrames: 0 }, [1]),
    });
    const result = await readTabFrames(d);
    expect(d.asked.sort((a, b) => a - b)).toEqual([0, 3, 7]);
    if (!result.ok) throw new Error(result.reason);
    expect(result.read.frames.map((f) => f.frameId)).toEqual([0, 3, 7]);
    expect(result.read.unreachableFrames).toBe(0);

    const passages = passagesOfTab(result.read, { tabId: 5, windowId: 2, title: 'ignored when the page has one' });
    expect(passages.map((p) => [p.text, p.frameId])).toEqual([
      ['Story text.', 0],
      ['Video caption.', 3],
      ['A comment.', 7],
      ['Another comment.', 7],
    ]);
    // Each passage has its frame's address (what the reveal checks and opens), and the tab's title.
    expect(passages.map((p) => p.url)).toEqual([
      'https://news.example/story',
      'https://video.example/embed',
      'https://news.example/comments',
      'https://news.example/comments',
    ]);
    for (const p of passages) expect(p).toMatchObject({ tabId: 5, windowId: 2, title: 'Title of https://news.example/story' });
    expect(tabTotals(result.read)).toEqual({
      chars: 'Story text.'.length + 'Video caption.'.length + 'A comment.Another comment.'.length,
      frames: 3,
      videos: [],
    });
    expect(readingNotes(result.read)).toEqual([]);
    expect(partialTab(result.read, { tabId: 5 })).toBeNull();
  });

  it('counts frames that exist but could not be reached or did not answer', async () => {
    // The page has three frames: one the browser would not let us into, one that went away.
    const d = deps([0, 4], {
      0: page('https://shop.example/', ['Product.'], { readShare: 1, childFrames: 3 }),
      8: page('https://pay.example/', ['Card form.']),
    });
    const result = await readTabFrames({ ...d, inject: async () => [0, 4, 8] });
    if (!result.ok) throw new Error(result.reason);
    expect(result.read.frames.map((f) => f.frameId)).toEqual([0, 8]);
    expect(result.read.unreachableFrames).toBe(2);
    expect(readingNotes(result.read)).toEqual([
      '2 embedded frames could not be read (a browser or extension page, or a site the extension may not read).',
    ]);
  });

  it('says why a page was read only in part', async () => {
    const d = deps([0, 2, 9], {
      0: page('https://log.example/', ['Line.'], { readShare: 0.4237, truncatedBy: 'size', unsettled: true, childFrames: 2 }),
      2: page('https://log.example/frame', ['More.'], { readShare: 0.5, truncatedBy: 'time' }),
      9: page('https://ads.example/', [], { readShare: 1, hiddenFrame: true }),
    });
    const result = await readTabFrames(d);
    if (!result.ok) throw new Error(result.reason);
    expect(readingNotes(result.read)).toEqual([
      'Only about 42% of the page was read: it is too long to read whole.',
      'The page was still loading or changing; it was read as it was then.',
      'An embedded frame was read only in part.',
    ]);
    // A hidden frame was reached, but shows nothing: not counted as a frame read.
    expect(tabTotals(result.read).frames).toBe(2);
    expect(partialTab(result.read, { tabId: 1, title: 'Tab' })).toEqual({
      tabId: 1,
      title: 'Title of https://log.example/',
      url: 'https://log.example/',
      reason: readingNotes(result.read).join(' '),
    });
  });

  it('fails the tab when its page cannot be read, whatever its frames did', async () => {
    expect(await readTabFrames(deps([0, 1], { 1: page('https://x.example/f', ['x']) }))).toEqual({
      ok: false,
      reason: 'The page could not be read (Could not establish connection. Receiving end does not exist.).',
    });
    expect(await readTabFrames(deps([0], { 0: { nonsense: true } }))).toEqual({
      ok: false,
      reason: 'The page could not be read (The extension received an unexpected reply to "extract".).',
    });
    const refused = await readTabFrames({
      ...deps([], {}),
      inject: async () => {
        throw new Error('Cannot access contents of the page.');
      },
    });
    expect(refused).toEqual({ ok: false, reason: 'The page could not be read (Cannot access contents of the page.).' });
  });
});

describe('readTabFrames within bounds', () => {
  const never = () => new Promise<never>(() => {});
  const limits = { injectMs: 40, frameMs: 40 };

  it('lists a page whose script never goes in (a script loop, a document that never ends) as not read', async () => {
    const result = await readTabFrames({ ...deps([0], {}), inject: never, injectMain: never, limits });
    expect(result).toEqual({
      ok: false,
      reason: 'The page did not answer within 0.04 s: it may be busy or still loading. Ask again once it has loaded.',
    });
  });

  it('reads the page itself when an embedded frame holds the injection up', async () => {
    const d = deps([], { 0: page('https://news.example/', ['Story.'], { readShare: 1, childFrames: 1 }) });
    const result = await readTabFrames({ ...d, inject: never, injectMain: async () => {}, limits });
    if (!result.ok) throw new Error(result.reason);
    expect(result.read.frames.map((f) => f.frameId)).toEqual([0]);
    expect(readingNotes(result.read)).toEqual(['The embedded frames did not answer in time: only the page itself was read.']);
  });

  it('gives a page the script once when the injection into every frame goes in at once', async () => {
    const d = deps([0], { 0: page('https://news.example/', ['Story.'], { readShare: 1 }) });
    let mainInjections = 0;
    const result = await readTabFrames({
      ...d,
      injectMain: async () => void mainInjections++,
      limits: { ...limits, mainAfterMs: 5 },
    });
    expect(result.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(mainInjections).toBe(0);
  });

  it('keeps the frames that answered in time and says which did not', async () => {
    const d = deps([0, 3], { 0: page('https://news.example/', ['Story.'], { readShare: 1, childFrames: 1 }) });
    const result = await readTabFrames({ ...d, ask: (id) => (id === 0 ? d.ask(0) : never()), limits });
    if (!result.ok) throw new Error(result.reason);
    expect(result.read.frames.map((f) => f.frameId)).toEqual([0]);
    expect(readingNotes(result.read)).toEqual(['An embedded frame did not answer in time.']);
    const stuckPage = await readTabFrames({ ...d, ask: never, limits });
    expect(stuckPage.ok).toBe(false);
  });

  it('stops at once when cancelled, whatever the page is doing', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const reading = readTabFrames({ ...deps([0], {}), inject: never, injectMain: never, signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    // The default bound is seconds; Cancel does not wait for it.
    expect(Date.now() - started).toBeLessThan(1000);
    const asking = readTabFrames({ ...deps([0], {}), ask: never, signal: AbortSignal.abort() });
    await expect(asking).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the user selection', () => {
  /** A frame's reply with a selection of its own, at `path`, whose focus goes to `child`. */
  function selecting(url: string, selected: string, path: number[], child: number | null): PageText {
    return {
      ...page(url, ['Some text.'], { readShare: 1 }),
      passages: [
        { id: `${url}#s`, text: selected, selection: true, order: -1 },
        { id: `${url}#0`, text: 'Some text.', order: 0 },
      ],
      focus: { path, child },
    };
  }

  it('is taken only from the frame that has the focus, in the active tab', async () => {
    // The page's focus is in its own document; an ad frame (index 1) selected its own text.
    const read = await readTabFrames(
      deps([0, 4, 6], {
        0: selecting('https://news.example/', 'What the user selected.', [], null),
        4: selecting('https://ads.example/a', 'BUY NOW '.repeat(50), [0], null),
        6: selecting('https://ads.example/b', 'Also an ad.', [1], null),
      }),
    );
    if (!read.ok) throw new Error(read.reason);
    expect(focusedFrameId(read.read)).toBe(0);
    const active = passagesOfTab(read.read, { tabId: 1, windowId: 1, active: true });
    expect(active.filter((p) => p.selection).map((p) => [p.frameId, p.text])).toEqual([[0, 'What the user selected.']]);
    // Another tab of the window (scope "All tabs"): no selection is the user's there.
    expect(passagesOfTab(read.read, { tabId: 1, windowId: 1, active: false }).some((p) => p.selection)).toBe(false);
  });

  it('follows the focus into the embedded frame the user clicked, however deep', async () => {
    const read = await readTabFrames(
      deps([0, 4, 6, 9], {
        0: selecting('https://docs.example/', 'top', [], 1),
        4: selecting('https://a.example/', 'first frame', [0], null),
        6: selecting('https://b.example/', 'second frame', [1], 0),
        9: selecting('https://c.example/', 'inside the second', [1, 0], null),
      }),
    );
    if (!read.ok) throw new Error(read.reason);
    expect(focusedFrameId(read.read)).toBe(9);
    const sel = passagesOfTab(read.read, { tabId: 1, windowId: 1, active: true }).filter((p) => p.selection);
    expect(sel.map((p) => p.text)).toEqual(['inside the second']);
  });

  it('is nobody’s when the focused frame was not read', async () => {
    const read = await readTabFrames(deps([0], { 0: selecting('https://docs.example/', 'top', [], 2) }));
    if (!read.ok) throw new Error(read.reason);
    expect(focusedFrameId(read.read)).toBeNull();
    expect(passagesOfTab(read.read, { tabId: 1, windowId: 1, active: true }).some((p) => p.selection)).toBe(false);
  });
});

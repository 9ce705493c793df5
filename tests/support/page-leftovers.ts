/**
 * What the extension has left in a web page, read from outside it through the DevTools protocol
 * (for the soak benchmark, tests/bench/soak.ts): the event listeners on the window and anywhere in
 * the document (DOMDebugger.getEventListeners), the highlights registered (CSS.highlights), our
 * marks, focus attributes, style elements and video overlays, our isolated worlds in the frame,
 * the marks each of our scripts sets on its first run (`window.__citedTabsListening` and its
 * peers, entrypoints/*.ts), and the functions alive in our world that read `runtime.id` (each
 * script's message listener: a script that ran twice would hold two).
 */
import type { CDPSession, Page, Protocol } from 'puppeteer-core';
import { FOCUS_ATTRIBUTE, HIGHLIGHT_STYLE_ID, MARK_ATTRIBUTE } from '../../lib/shared/core/highlight-style';

/** The attribute of the video overlay's host (lib/page/video/overlay.ts). */
const OVERLAY_ATTRIBUTE = 'data-cited-tabs-quote';
/** The marks our scripts set in their world on their first run (entrypoints/page-reader.ts, quote-finder.ts, video-reader.ts). */
const SCRIPT_MARKS = ['__citedTabsListening', '__citedTabsQuotes', '__citedTabsVideo'] as const;
const GROUP = 'page-leftovers';

export interface Leftovers {
  /** Listeners by `type` (`type!` for a capturing one), on the window and in the whole document. */
  listeners: Record<string, number>;
  /** The names registered in `CSS.highlights`, in any frame; marks, focus attributes and overlays in all frames. */
  highlights: string[];
  marks: number;
  focusAttributes: number;
  /** Our `<style>` elements in a document: the most any frame has. */
  styles: number;
  overlays: number;
  /** Isolated worlds of an extension in the top frame. */
  worlds: number;
  /** Which of our scripts have run in the page (by the mark each sets). */
  scripts: string[];
  /** Functions alive in our world whose source reads `runtime.id`; null without a world of ours. */
  listenerFunctions: number | null;
}

export interface PageProbe {
  page: Page;
  read: (options?: { functions?: boolean }) => Promise<Leftovers>;
}

/** A probe of `page`, which watches its execution contexts from now on. */
export async function probePage(page: Page): Promise<PageProbe> {
  const cdp: CDPSession = await page.createCDPSession();
  const contexts = new Map<number, Protocol.Runtime.ExecutionContextDescription>();
  cdp.on('Runtime.executionContextCreated', (e) => contexts.set(e.context.id, e.context));
  cdp.on('Runtime.executionContextDestroyed', (e) => contexts.delete(e.executionContextId));
  cdp.on('Runtime.executionContextsCleared', () => contexts.clear());
  await cdp.send('Runtime.enable');
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const topFrame = frameTree.frame.id;

  const inFrame = () =>
    [...contexts.values()].filter((c) => (c.auxData as { frameId?: string } | undefined)?.frameId === topFrame);
  const objectIn = async (expression: string, contextId?: number) => {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression,
      objectGroup: GROUP,
      ...(contextId !== undefined ? { contextId } : {}),
    });
    return result;
  };
  const listenersOn = async (objectId: string, depth: number) =>
    (await cdp.send('DOMDebugger.getEventListeners', { objectId, depth, pierce: true })).listeners;

  async function read({ functions = false } = {}): Promise<Leftovers> {
    const frame = inFrame();
    const main = frame.find((c) => (c.auxData as { isDefault?: boolean }).isDefault);
    const ours = frame.filter(
      (c) => (c.auxData as { type?: string }).type === 'isolated' && c.origin.startsWith('chrome-extension://'),
    );
    const counts: Record<string, number> = {};
    const add = (ls: Protocol.DOMDebugger.EventListener[]) => {
      for (const l of ls) {
        const key = `${l.type}${l.useCapture ? '!' : ''}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    };
    try {
      // The document's listeners, in every world, to any depth; a window's are listed only in the
      // world whose wrapper of it is asked: the page's, and ours.
      const doc = await objectIn('document', main?.id);
      add(await listenersOn(doc.objectId!, -1));
      for (const c of [main, ...ours]) {
        if (!c) continue;
        const win = await objectIn('window', c.id);
        add(await listenersOn(win.objectId!, 0));
      }
      // In every frame of the page: a quote in a frame is highlighted there.
      const seen = { highlights: [] as string[], marks: 0, focusAttributes: 0, styles: 0, overlays: 0 };
      for (const frame of page.frames()) {
        const f = await frame
          .evaluate(
            (mark, focus, style, overlay) => ({
              highlights: [...CSS.highlights.keys()],
              marks: document.querySelectorAll(`mark[${mark}]`).length,
              focusAttributes: document.querySelectorAll(`[${focus}]`).length,
              styles: document.querySelectorAll(`style#${style}`).length,
              overlays: document.querySelectorAll(`[${overlay}]`).length,
            }),
            MARK_ATTRIBUTE,
            FOCUS_ATTRIBUTE,
            HIGHLIGHT_STYLE_ID,
            OVERLAY_ATTRIBUTE,
          )
          .catch(() => null); // a frame gone meanwhile
        if (!f) continue;
        for (const name of f.highlights) if (!seen.highlights.includes(name)) seen.highlights.push(name);
        seen.marks += f.marks;
        seen.focusAttributes += f.focusAttributes;
        // Per document: one style element each at most.
        seen.styles = Math.max(seen.styles, f.styles);
        seen.overlays += f.overlays;
      }
      const scripts: string[] = [];
      let listenerFunctions: number | null = null;
      for (const c of ours) {
        const { result } = await cdp.send('Runtime.evaluate', {
          expression: `JSON.stringify(${JSON.stringify(SCRIPT_MARKS)}.filter((m) => window[m] === true))`,
          contextId: c.id,
          returnByValue: true,
        });
        scripts.push(...(JSON.parse(String(result.value)) as string[]));
        if (functions) {
          const proto = await objectIn('Function.prototype', c.id);
          const { objects } = await cdp.send('Runtime.queryObjects', { prototypeObjectId: proto.objectId!, objectGroup: GROUP });
          const { result: n } = await cdp.send('Runtime.callFunctionOn', {
            objectId: objects.objectId!,
            functionDeclaration: `function () { return this.filter((f) => { try { return Function.prototype.toString.call(f).includes('runtime.id'); } catch { return false; } }).length; }`,
            returnByValue: true,
          });
          listenerFunctions = (listenerFunctions ?? 0) + Number(n.value);
        }
      }
      return { listeners: counts, ...seen, worlds: ours.length, scripts, listenerFunctions };
    } finally {
      await cdp.send('Runtime.releaseObjectGroup', { objectGroup: GROUP }).catch(() => {});
    }
  }
  return { page, read };
}

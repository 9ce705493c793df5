/**
 * Reading a tab frame by frame, on the background's side. The page script is injected into every
 * frame the extension can reach (the page and the frames embedded in it, same-origin or not);
 * each frame reads itself, and its passages keep its frameId so that a citation's highlight goes
 * back to that frame. What could not be read, or only in part, becomes notes the popup shows.
 *
 * The browser calls are passed in, so this is tested without a browser.
 */
import { PDF_NOTES } from './pdf-read';
import type { PageText, SkippedTab, SourcedPassage } from '@/lib/shared/types';

export interface FrameRead {
  frameId: number;
  page: PageText;
}

export interface TabRead {
  /** The tab's own document (frame 0): its address and title name every passage of the tab. */
  url: string;
  title: string;
  /** Frames that sent their text back, the page (frame 0) first. */
  frames: FrameRead[];
  /** Frames that exist (their parents count them) but were not reached or did not answer. */
  unreachableFrames: number;
}

export interface ReadTabDeps {
  /** Injects the page script into every frame it can reach; the ids of those frames. */
  inject: () => Promise<number[]>;
  /** Asks one frame to read itself; its reply, checked (a reply of the wrong shape throws). */
  ask: (frameId: number) => Promise<PageText>;
}

export type TabReadResult = { ok: true; read: TabRead } | { ok: false; reason: string };

export async function readTabFrames(deps: ReadTabDeps): Promise<TabReadResult> {
  let injected: number[];
  try {
    injected = await deps.inject();
  } catch (err) {
    return { ok: false, reason: `The page could not be read (${messageOf(err)}).` };
  }
  const frameIds = [...new Set([0, ...injected])].sort((a, b) => a - b);
  const replies = await Promise.all(
    frameIds.map(async (frameId) => {
      try {
        return { frameId, page: await deps.ask(frameId), error: null };
      } catch (err) {
        return { frameId, page: null, error: messageOf(err) };
      }
    }),
  );
  const main = replies[0]!;
  if (!main.page) return { ok: false, reason: `The page could not be read (${main.error}).` };
  const frames: FrameRead[] = [];
  let expected = 1;
  for (const r of replies) {
    if (!r.page) continue;
    frames.push({ frameId: r.frameId, page: r.page });
    expected += r.page.coverage?.childFrames ?? 0;
  }
  return {
    ok: true,
    read: {
      url: main.page.url,
      title: main.page.title,
      frames,
      unreachableFrames: Math.max(0, expected - frames.length),
    },
  };
}

/**
 * The passages of every frame of a tab, each with its frame and that frame's address (what a
 * click on a citation checks before highlighting, and opens again if the tab is gone), all named
 * after the tab's page, which is what the user knows the tab by.
 */
export function passagesOfTab(read: TabRead, tab: { tabId: number; windowId: number; title?: string }): SourcedPassage[] {
  const title = read.title || tab.title || read.url;
  const out: SourcedPassage[] = [];
  for (const { frameId, page } of read.frames) {
    const url = page.url || read.url;
    for (const p of page.passages) {
      out.push({ ...p, tabId: tab.tabId, windowId: tab.windowId, frameId, url, title });
    }
  }
  return out;
}

/** What was read of a tab, in numbers. */
export function tabTotals(read: TabRead): { chars: number; frames: number } {
  let chars = 0;
  let frames = 0;
  for (const { page } of read.frames) {
    chars += page.chars;
    if (!page.coverage?.hiddenFrame) frames++;
  }
  return { chars, frames };
}

/** Why a tab was read only in part, in words for the popup; empty when it was read whole. */
export function readingNotes(read: TabRead): string[] {
  const notes: string[] = [];
  const main = read.frames.find((f) => f.frameId === 0)?.page.coverage;
  const pdf = read.frames.find((f) => f.frameId === 0)?.page.pdf;
  if (pdf && pdf.pagesRead < pdf.pages) {
    notes.push(PDF_NOTES.partial(pdf.pagesRead, pdf.pages));
  } else if (main?.truncatedBy) {
    const why = main.truncatedBy === 'size' ? 'it is too long to read whole' : 'it took too long to read whole';
    notes.push(`Only about ${percent(main.readShare)} of the page was read: ${why}.`);
  }
  if (main?.unsettled) notes.push('The page was still loading or changing; it was read as it was then.');
  const partFrames = read.frames.filter((f) => f.frameId !== 0 && f.page.coverage?.truncatedBy).length;
  if (partFrames > 0) {
    notes.push(partFrames === 1 ? 'An embedded frame was read only in part.' : `${partFrames} embedded frames were read only in part.`);
  }
  if (read.unreachableFrames > 0) {
    const n = read.unreachableFrames;
    notes.push(
      `${n === 1 ? 'An embedded frame' : `${n} embedded frames`} could not be read ` +
        '(a browser or extension page, or a site the extension may not read).',
    );
  }
  return notes;
}

/** A tab read only in part, as the popup lists it. */
export function partialTab(read: TabRead, tab: { tabId: number; title?: string }): SkippedTab | null {
  const notes = readingNotes(read);
  if (notes.length === 0) return null;
  return { tabId: tab.tabId, title: read.title || tab.title || '', url: read.url, reason: notes.join(' ') };
}

function percent(share: number): string {
  return `${Math.max(1, Math.min(99, Math.floor(share * 100)))}%`;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

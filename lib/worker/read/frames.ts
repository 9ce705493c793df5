/**
 * Reading a tab frame by frame, on the background's side. The page script is injected into every
 * frame the extension can reach (the page and the frames embedded in it, same-origin or not);
 * each frame reads itself, and its passages keep its frameId so that a citation's highlight goes
 * back to that frame. What could not be read, or only in part, becomes notes the popup shows.
 *
 * The browser calls are passed in, so this is tested without a browser.
 */
import { pdfPartialNote } from '@/lib/shared/protocol/pdf-notes';
import { framesNotShown } from './hidden-frames';
import { capText, MAX_TITLE_CHARS, MAX_URL_CHARS } from '@/lib/shared/core/limits';
import type { PageText, SkippedTab, SourcedPassage, VideoRead } from '@/lib/shared/protocol/types';
import { formatPercent, plural, t } from '@/lib/shared/core/i18n';
import { bounded, TimeLimitError } from '@/lib/shared/core/time-limit';

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
  /** Of those, frames that were reached but did not answer in time. */
  lateFrames?: number;
  /** The script could not be injected into every frame in time: only the page itself was read. */
  framesLate?: boolean;
}

export interface ReadTabDeps {
  /** Injects the page script into every frame it can reach; the ids of those frames. */
  inject: () => Promise<number[]>;
  /**
   * Injects it into the tab's own document only. `inject` answers only once every frame has:
   * when one frame holds it up (a response that never ends, a script loop in another process),
   * the page itself is still read.
   */
  injectMain?: () => Promise<void>;
  /** Asks one frame to read itself; its reply, checked (a reply of the wrong shape throws). */
  ask: (frameId: number) => Promise<PageText>;
  /** Bounds on each step; the defaults below. */
  limits?: Partial<ReadLimits>;
  /** Cancel: the reading stops at once, with this signal's reason. */
  signal?: AbortSignal;
}

export interface ReadLimits {
  /** For the page script to be injected. */
  injectMs: number;
  /** For one frame to read itself (its own wait for the page to settle is 3 s, its walk 1.5 s). */
  frameMs: number;
  /**
   * When the injection into every frame has not answered by then, the page's own document is
   * injected on its own (`injectMain`); by default a fifth of `injectMs`. Not at once: in the
   * usual tab the one injection into every frame is all it takes, and the page is not given the
   * script twice.
   */
  mainAfterMs?: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = { injectMs: 5_000, frameMs: 10_000 };

export type TabReadResult = { ok: true; read: TabRead } | { ok: false; reason: string };

export async function readTabFrames(deps: ReadTabDeps): Promise<TabReadResult> {
  const limits = { ...DEFAULT_READ_LIMITS, ...deps.limits };
  const { signal } = deps;
  let injected: number[];
  // The injection into the embedded frames ran out of time: only the page itself is read.
  let framesLate = false;
  let lateFrames = 0;
  const all = deps.inject();
  const main = deps.injectMain ? later(all, limits.mainAfterMs ?? limits.injectMs / 5, deps.injectMain) : undefined;
  // Neither is awaited past its bound: keep their late rejections from going unhandled.
  all.catch(() => {});
  main?.catch(() => {});
  try {
    injected = await bounded(all, limits.injectMs, signal);
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (!(err instanceof TimeLimitError) || !main) return { ok: false, reason: notRead(err) };
    // Some frame holds the injection up: read the page itself, if it answered.
    // The page's own injection has had all but the first fifth of that time.
    try {
      await bounded(main, 0, signal);
    } catch (mainErr) {
      if (signal?.aborted) throw signal.reason;
      return { ok: false, reason: notRead(mainErr instanceof TimeLimitError ? err : mainErr) };
    }
    injected = [0];
    framesLate = true;
  }
  const frameIds = [...new Set([0, ...injected])].sort((a, b) => a - b);
  const replies = await Promise.all(
    frameIds.map(async (frameId) => {
      try {
        return { frameId, page: await bounded(deps.ask(frameId), limits.frameMs, signal), error: null };
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        return { frameId, page: null, error: err };
      }
    }),
  );
  const first = replies[0]!;
  if (!first.page) return { ok: false, reason: notRead(first.error) };
  const frames: FrameRead[] = [];
  let expected = 1;
  for (const r of replies) {
    if (r.error instanceof TimeLimitError) lateFrames++;
    if (!r.page) continue;
    frames.push({ frameId: r.frameId, page: r.page });
    expected += r.page.coverage?.childFrames ?? 0;
  }
  const unreachableFrames = Math.max(0, expected - frames.length);
  return {
    ok: true,
    read: {
      url: first.page.url,
      title: first.page.title,
      frames,
      unreachableFrames,
      ...(framesLate ? { framesLate } : {}),
      ...(lateFrames > 0 ? { lateFrames } : {}),
    },
  };
}

/**
 * `start()` after `ms`, unless `first` has settled by then (null then: it was not needed: the
 * injection into every frame went in, or failed for a reason other than time).
 */
function later(first: Promise<unknown>, ms: number, start: () => Promise<void>): Promise<void | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => start().then(resolve, reject), ms);
    const unneeded = () => {
      clearTimeout(timer);
      resolve(null);
    };
    first.then(unneeded, unneeded);
  });
}

/** Why a tab's page was not read, in words for the popup. */
function notRead(err: unknown): string {
  if (err instanceof TimeLimitError) {
    return t('pageReadTimeout', err.ms / 1000);
  }
  return t('pageNotRead', messageOf(err));
}

/**
 * The passages of every frame of a tab, each with its frame and that frame's address (what a
 * click on a citation checks before highlighting, and opens again if the tab is gone), all named
 * after the tab's page, which is what the user knows the tab by. The page's own address is the
 * one the browser reports for the tab (`tab.url`), not one a script in the page sent back; an
 * embedded frame's is its script's `location`, whose origin the frame cannot change.
 */
export function passagesOfTab(
  read: TabRead,
  tab: { tabId: number; windowId: number; title?: string; active?: boolean; url?: string },
): SourcedPassage[] {
  // Counted once, here: the same (capped) string goes on every passage of the tab.
  const title = capText(read.title || tab.title || read.url, MAX_TITLE_CHARS);
  // The user's selection is in the active tab, in the frame that has the focus; any other
  // frame's selection is the page's own doing (an ad frame can select its own text).
  const selectionFrame = tab.active ? focusedFrameId(read) : null;
  const out: SourcedPassage[] = [];
  const notShown = framesNotShown(read.frames);
  for (const { frameId, page } of read.frames) {
    if (notShown.has(frameId)) continue;
    const reported = frameId === 0 && !page.pdf && (tab.url?.length ?? 0) <= MAX_URL_CHARS ? tab.url : undefined;
    const url = reported || page.url || read.url;
    for (const p of page.passages) {
      if (p.selection && frameId !== selectionFrame) continue;
      const source = { tabId: tab.tabId, windowId: tab.windowId, frameId, url, title };
      // A page script's passages are checked by it before they are sent (run/seen-step.ts).
      // A video's captions are checked by the video reader's reading of its tracks, not the page's.
      out.push(
        page.readId !== undefined && !page.pdf && !p.video ? { ...p, ...source, readId: page.readId } : { ...p, ...source },
      );
    }
  }
  return out;
}

/**
 * The frame that has the focus in the tab: from the top frame, each frame says which of its
 * embedded frames (if any) has it. Null when that frame was not read.
 */
export function focusedFrameId(read: TabRead): number | null {
  const key = (path: number[]) => path.join('/');
  const byPath = new Map<string, FrameRead>();
  for (const f of read.frames) {
    const path = f.frameId === 0 ? [] : f.page.focus?.path;
    if (path) byPath.set(key(path), f);
  }
  let path: number[] = [];
  let frame = byPath.get('');
  for (let depth = 0; frame && depth <= 32; depth++) {
    const child = frame.page.focus?.child;
    if (child === null || child === undefined) return frame.frameId;
    path = [...path, child];
    frame = byPath.get(key(path));
  }
  return null;
}

/** What was read of a tab, in numbers, with its videos (those of frames no reader sees left out). */
export function tabTotals(read: TabRead): { chars: number; frames: number; videos: VideoRead[] } {
  let chars = 0;
  let frames = 0;
  const videos: VideoRead[] = [];
  const notShown = framesNotShown(read.frames);
  for (const { frameId, page } of read.frames) {
    chars += page.chars;
    if (!page.coverage?.hiddenFrame) frames++;
    if (!notShown.has(frameId)) videos.push(...(page.videos ?? []));
  }
  return { chars, frames, videos };
}

/** Why a tab was read only in part, in words for the popup; empty when it was read whole. */
export function readingNotes(read: TabRead): string[] {
  const notes: string[] = [];
  const main = read.frames.find((f) => f.frameId === 0)?.page.coverage;
  const pdf = read.frames.find((f) => f.frameId === 0)?.page.pdf;
  if (pdf && pdf.pagesRead < pdf.pages) {
    notes.push(pdfPartialNote(pdf.pagesRead, pdf.pages));
  } else if (main?.truncatedBy) {
    notes.push(t(main.truncatedBy === 'size' ? 'pagePartTooLong' : 'pagePartTooSlow', percent(main.readShare)));
  }
  if (main?.unsettled) notes.push(t('pageUnsettled'));
  const partFrames = read.frames.filter((f) => f.frameId !== 0 && f.page.coverage?.truncatedBy).length;
  if (partFrames > 0) {
    notes.push(plural('framesPart', partFrames));
  }
  const late = read.framesLate ? read.unreachableFrames : Math.min(read.lateFrames ?? 0, read.unreachableFrames);
  if (read.framesLate) {
    notes.push(t('framesLate'));
  } else if (late > 0) {
    notes.push(plural('framesSomeLate', late));
  }
  if (read.unreachableFrames - late > 0) {
    const n = read.unreachableFrames - late;
    notes.push(plural('framesUnreachable', n));
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
  return formatPercent(Math.max(1, Math.min(99, Math.floor(share * 100))) / 100);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

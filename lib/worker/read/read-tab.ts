/**
 * One tab of the question, read: every frame the extension may reach reads itself (frames.ts,
 * each step bounded, Cancel stops it at once), unless the thread's last reading of it still stands
 * (tab-reuse.ts); a PDF runs no page script, and the extension reads the document itself in
 * the offscreen document (lib/worker/pdf/, passed in), its reading made a tab's by pdf-read.ts. What could not be read becomes a skipped tab with its reason.
 * The browser calls are passed in, so this is tested without a browser.
 */
import type { Browser } from 'wxt/browser';
import { capText, MAX_PASSAGES, MAX_TITLE_CHARS, MAX_URL_CHARS } from '@/lib/shared/core/limits';
import type { videoCalls } from '@/lib/shared/protocol/messages';
import type { ReplyOf } from '@/lib/shared/protocol/dispatch';
import type { PdfReadResult } from '@/lib/shared/protocol/pdf-notes';
import { t } from '@/lib/shared/core/i18n';
import { unreadableReason } from '@/lib/shared/access/tabs';
import { bounded, TimeLimitError } from '@/lib/shared/core/time-limit';
import type { SkippedTab } from '@/lib/shared/protocol/types';
import { readTabFrames, type TabRead } from './frames';
import { incognitoPdfReason } from './incognito';
import { pdfTabRead } from './pdf-read';
import type { TabReadings } from './tab-reuse';
import type { callPage } from './call-page';

/** A PDF is fetched and read by pdf.js in the offscreen document; a huge or slow one still ends. */
export const PDF_READ_TIMEOUT_MS = 60_000;

export interface ReadTabDeps {
  /**
   * The page script into every frame of the tab (`allFrames`), or its main frame only; the frames
   * it reached. `onMedia(frameId)` as soon as a frame's script says it has a video.
   */
  inject(tabId: number, allFrames: boolean, onMedia?: (frameId: number) => void): Promise<number[]>;
  /** A message to the page script of one frame, its reply checked (call-page.ts). */
  ask: typeof callPage;
  /** The PDF at `url`, read in the offscreen document, if the run may read that address. */
  readPdf(url: string): Promise<PdfReadResult>;
  /** The PDF the extension's viewer shows in this tab, or null. */
  viewerPdf(tab: Browser.tabs.Tab): string | null;
  /** The PDF address a tab shows, by its address or its server, or null (lib/worker/pdf/pdf-address.ts). */
  pdfOfTab(tab: Browser.tabs.Tab, signal: AbortSignal, askPage?: boolean): Promise<string | null>;
  pdfTimeoutMs?: number;
  /**
   * The video reader injected into one frame (which said it has a video) and asked for its
   * videos' captions, their passages numbered from VIDEO_FIRST_ORDER (lib/shared/protocol/video-requests.ts); checked like any page reply.
   */
  readVideos?(tabId: number, frameId: number): Promise<VideoReply>;
  videoTimeoutMs?: number;
}

/** The video reader's reply (lib/shared/protocol/messages.ts `videoCalls`). */
export type VideoReply = ReplyOf<typeof videoCalls, 'video-read'>;

/**
 * For a frame's videos to be read: YouTube's reader may try three layers, a track waits for its
 * cues 3 s at most. Not within the frame's own 10 s: a frame whose text came back is read.
 */
export const VIDEO_READ_TIMEOUT_MS = 8_000;

/**
 * The frames of `read` that have a video, with their videos' captions read as passages after
 * their text (`early`: the readings started as the injection said which frames have one); a
 * frame whose videos could not be read, or whose reading was of another document, says so in its
 * coverage (never a guess).
 */
export async function withVideos(
  tabId: number,
  read: TabRead,
  readVideos: NonNullable<ReadTabDeps['readVideos']>,
  ms: number,
  signal: AbortSignal,
  early: ReadonlyMap<number, Promise<VideoReply>> = new Map(),
): Promise<TabRead> {
  const frames = await Promise.all(
    read.frames.map(async (frame) => {
      const { page } = frame;
      if (!page.media || page.isPdf) return frame;
      const unread = { ...frame, page: { ...page, videos: [{ read: false as const, reason: 'unreadable' as const }] } };
      let reply: VideoReply;
      try {
        reply = await bounded(early.get(frame.frameId) ?? readVideos(tabId, frame.frameId), ms, signal);
      } catch (err) {
        if (signal.aborted) throw err;
        return unread;
      }
      // Read from another document than the text (the frame moved on, YouTube to another video): not this page's.
      if (reply.url !== page.url)
        return { ...unread, page: { ...page, videos: [{ read: false as const, reason: 'video-changed' as const }] } };
      // A frame holds at most MAX_PASSAGES passages, its own text first.
      const room = Math.max(0, MAX_PASSAGES - page.passages.length);
      const passages = [...page.passages, ...reply.passages.slice(0, room)];
      return { ...frame, page: { ...page, passages, chars: page.chars + reply.chars, videos: reply.videos } };
    }),
  );
  return { ...read, frames };
}

/**
 * Tab `tab`'s reading from before the question (read ahead, or the thread's last: `cache.take`,
 * its frames asked whether anything changed since), if it still stands; null otherwise, and for a
 * tab `readTab` reads without the page script (a PDF, a page we may not enter, a tab asleep).
 */
export async function takeEarlier(
  tab: Browser.tabs.Tab,
  signal: AbortSignal,
  cache: TabReadings,
  deps: Pick<ReadTabDeps, 'ask' | 'viewerPdf'>,
): Promise<TabRead | null> {
  const tabId = tab.id;
  if (tabId === undefined || deps.viewerPdf(tab) || unreadableReason(tab.url) || tab.discarded) return null;
  return cache.take(
    tabId,
    tab.url ?? '',
    async (frameId, readId) => (await deps.ask(tabId, frameId, { type: 'unchanged', readId })).unchanged,
    signal,
  );
}

export async function readTab(
  tab: Browser.tabs.Tab,
  signal: AbortSignal,
  cache: TabReadings,
  deps: ReadTabDeps,
): Promise<TabRead | SkippedTab> {
  const pdfTimeoutMs = deps.pdfTimeoutMs ?? PDF_READ_TIMEOUT_MS;
  const base = {
    tabId: tab.id ?? -1,
    title: capText(tab.title ?? '', MAX_TITLE_CHARS),
    url: capText(tab.url ?? '', MAX_URL_CHARS),
  };
  const readPdf = async (pdf: string): Promise<TabRead | SkippedTab> => {
    // Not fetched with the regular profile's cookies (incognito.ts).
    const privatePdf = incognitoPdfReason(tab);
    if (privatePdf) return { ...base, reason: privatePdf };
    try {
      return pdfTabRead(await bounded(deps.readPdf(pdf), pdfTimeoutMs, signal), base);
    } catch (err) {
      if (signal.aborted || !(err instanceof TimeLimitError)) throw err;
      return { ...base, reason: t('pdfReadTimeout', pdfTimeoutMs / 1000) };
    }
  };
  const shown = deps.viewerPdf(tab);
  if (shown) return readPdf(shown);
  const reason = unreadableReason(tab.url);
  if (reason || tab.discarded) {
    // No page script runs there: its address (or its server) may still say it is a PDF.
    const pdf = await deps.pdfOfTab(tab, signal);
    if (pdf) return readPdf(pdf);
    return { ...base, reason: reason ?? t('tabAsleep') };
  }
  const tabId = tab.id!;
  // Unchanged since the thread's last question, or read ahead: that reading stands (tab-reuse.ts).
  const kept = await takeEarlier(tab, signal, cache, deps);
  if (kept) return kept;
  // Frames whose script said they have a video: their captions are read while their text is.
  const early = new Map<number, Promise<VideoReply>>();
  const readVideos = deps.readVideos;
  const onMedia = readVideos
    ? (frameId: number) => {
        if (early.has(frameId)) return;
        const reading = readVideos(tabId, frameId);
        reading.catch(() => {}); // awaited in withVideos, or not needed
        early.set(frameId, reading);
      }
    : undefined;
  const result = await readTabFrames({
    inject: () => deps.inject(tabId, true, onMedia),
    injectMain: async () => {
      await deps.inject(tabId, false);
    },
    // Bounded in frames.ts, and stopped there by Cancel.
    ask: (frameId) => deps.ask(tabId, frameId, { type: 'extract' }),
    signal,
  });
  // The one injection that reads a page also says when its document is a PDF, read here instead.
  if (result.ok && result.read.frames[0]?.frameId === 0 && result.read.frames[0].page.isPdf) return readPdf(tab.url!);
  // Frames that have a video: its captions, read by the video reader.
  if (result.ok && deps.readVideos && result.read.frames.some((f) => f.page.media))
    result.read = await withVideos(
      tabId,
      result.read,
      deps.readVideos,
      deps.videoTimeoutMs ?? VIDEO_READ_TIMEOUT_MS,
      signal,
      early,
    );
  if (result.ok) cache.keep(tabId, tab.url ?? '', result.read);
  if (!result.ok) {
    // No script of ours may run in the tab (Firefox's PDF viewer is such a page): the address or the server may say PDF.
    const pdf = await deps.pdfOfTab(tab, signal, false);
    if (pdf) return readPdf(pdf);
  }
  return result.ok ? result.read : { ...base, reason: result.reason };
}

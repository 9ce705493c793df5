/**
 * YouTube's transcript for the video a watch page shows now, read by layers (the player's own
 * caption request, the transcript call, the transcript panel), each behind one interface and
 * tested on its own. The seam the page's video reading calls. Layers are asked in order (the
 * panel first when it is open: it costs nothing), each failure said in `detail`; the answer is
 * keyed by the video's id and never given for another: when the page moves to another video while
 * it reads, the answer is `video-changed`. Never rejects; the caller's signal ends it at once.
 */
import type { NoTranscriptReason, TranscriptResult } from '@/lib/shared/video/transcript';
import { captionRequestLayer } from './caption-request';
import { getTranscriptLayer } from './get-transcript';
import { failureOf, type LayerContext, type LayerFailure, type YouTubeLayer } from './layer';
import { youTubeKey, youTubeVideoId } from '@/lib/shared/video/youtube-url';
import { inlineScriptText, watchPageData, type WatchPageData } from './page-data';
import { panelLayer, panelOpen } from './panel';
import { chooseTrack } from './track-choice';

/** Each request's time limit: a stalled request fails over to the next layer. */
export const REQUEST_TIMEOUT_MS = 5_000;

/** What the reader needs of the page, passed in so that it runs without a browser in the tests. */
export interface ReaderEffects {
  /** The page's address now (it changes without a reload). */
  href: () => string;
  doc: Document;
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  resourceUrls: () => string[];
  /** The page's language, then the user's, most wanted first. */
  languages: readonly string[];
  timeoutMs?: number;
}

/** The transcript of the video `videoId` on this YouTube page, or why there is none. */
export function readYouTubeTranscript(win: Window, videoId: string, signal?: AbortSignal): Promise<TranscriptResult> {
  const nav = win.navigator;
  return readTranscriptWith(
    {
      href: () => win.location.href,
      doc: win.document,
      fetch: pageFetch(win),
      resourceUrls: () => win.performance.getEntriesByType('resource').map((e) => e.name),
      // The page's language, then the user's: the order the HTML5 tracks are chosen in (read-videos.ts).
      languages: [win.document.documentElement.lang, ...(nav.languages?.length ? nav.languages : [nav.language])],
    },
    videoId,
    signal,
  );
}

/**
 * A fetch that goes out as the page does (its origin, its cookies): Chrome's content scripts fetch
 * so; Firefox's (MV2) fetch as the extension unless they ask the page's `content.fetch`.
 */
function pageFetch(win: Window): ReaderEffects['fetch'] {
  const content = (globalThis as { content?: { fetch?: typeof fetch } }).content;
  if (typeof content?.fetch === 'function') return (url, init) => content.fetch!(url, init);
  return (url, init) => win.fetch(url, init);
}

const CANCELLED: TranscriptResult = { ok: false, reason: 'unreadable', detail: 'cancelled' };

/** Rejects with the signal's reason as soon as it aborts, else settles as `p`. */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('cancelled', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A layer that gave no transcript, and why, for `detail` and the answer's reason. */
export interface LayerFailed {
  layer: string;
  reason: NoTranscriptReason | 'absent';
  detail: string;
}

/** The reader with its effects passed in: what `readYouTubeTranscript` runs, and the tests drive. */
export async function readTranscriptWith(
  fx: ReaderEffects,
  videoId: string,
  signal?: AbortSignal,
  layers?: readonly YouTubeLayer[],
): Promise<TranscriptResult> {
  const shown = () => youTubeVideoId(fx.href());
  const changed = (): TranscriptResult => ({
    ok: false,
    reason: 'video-changed',
    detail: `the page shows ${shown() ?? 'no video'} now, not ${videoId}`,
  });
  if (signal?.aborted) return CANCELLED;
  if (shown() !== videoId) return changed();
  const origin = new URL(fx.href()).origin;
  const timeoutMs = fx.timeoutMs ?? REQUEST_TIMEOUT_MS;

  const request = (url: string, init?: RequestInit) => {
    const limit = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
    return untilAborted(fx.fetch(url, { ...init, signal: limit }), limit);
  };
  const data = pageDataSource(fx.doc, videoId, origin, request);
  const ctx: LayerContext = {
    videoId,
    origin,
    doc: fx.doc,
    pageData: data.pageData,
    knownPageData: data.knownPageData,
    chooseTrack: (tracks) => chooseTrack(tracks, fx.languages),
    fetch: request,
    resourceUrls: () => {
      try {
        return fx.resourceUrls();
      } catch {
        return [];
      }
    },
  };

  const order =
    layers ??
    (panelOpen(fx.doc)
      ? [panelLayer, captionRequestLayer, getTranscriptLayer]
      : [captionRequestLayer, getTranscriptLayer, panelLayer]);
  const failures: LayerFailed[] = [];
  for (const layer of order) {
    if (signal?.aborted) return CANCELLED;
    let result;
    try {
      result = await untilAborted(layer.read(ctx), signal);
    } catch (e) {
      if (signal?.aborted) return CANCELLED;
      result = { ok: false as const, reason: 'unreadable' as const, detail: failureOf(e) };
    }
    if (shown() !== videoId) return changed();
    if (result.ok) {
      if (result.transcript.videoKey === youTubeKey(videoId)) return result;
      result = { ok: false as const, reason: 'unreadable' as const, detail: 'answered for another video' };
    }
    failures.push({ layer: layer.name, reason: result.reason, detail: result.detail });
  }
  return noTranscript(failures, data.resolved());
}

/**
 * The page's data for `videoId`, asked once and only when a layer needs it: the page's inline
 * scripts when they are that video's, else its watch page fetched (the page moved here without a
 * reload). `resolved`: the data found, if any was.
 */
function pageDataSource(
  doc: Document,
  videoId: string,
  origin: string,
  request: LayerContext['fetch'],
): Pick<LayerContext, 'pageData' | 'knownPageData'> & { resolved: () => WatchPageData | null } {
  let inline: WatchPageData | null | undefined;
  const inlineData = () => (inline === undefined ? (inline = watchPageData(inlineScriptText(doc))) : inline);
  let fetched: Promise<WatchPageData | LayerFailure> | undefined;
  let resolved: WatchPageData | null = null;
  const pageData = (): Promise<WatchPageData | LayerFailure> =>
    (fetched ??= (async (): Promise<WatchPageData | LayerFailure> => {
      const first = inlineData();
      if (first?.videoId === videoId) return (resolved = first);
      // The page moved here without a reload: its inline data is another video's.
      const data = await fetchWatchPage(videoId, origin, request, first);
      return 'ok' in data ? data : (resolved = data);
    })());
  return {
    pageData,
    knownPageData: () => resolved ?? (inlineData()?.videoId === videoId ? inlineData() : null),
    resolved: () => resolved,
  };
}

/**
 * The watch page of `videoId`, fetched from the page's origin with its cookies, or why not. The
 * client's version, key, language and visitor are the page's (`first`, its inline data),
 * whichever video it shows, where the fetched page lacks them.
 */
async function fetchWatchPage(
  videoId: string,
  origin: string,
  request: LayerContext['fetch'],
  first: WatchPageData | null,
): Promise<WatchPageData | LayerFailure> {
  let text: string;
  try {
    const res = await request(new URL(`/watch?v=${encodeURIComponent(videoId)}`, origin).href, {
      credentials: 'same-origin',
    });
    if (!res.ok) return { ok: false, reason: 'unreadable', detail: `watch page: status ${res.status}` };
    text = await res.text();
  } catch (e) {
    return { ok: false, reason: 'unreadable', detail: `watch page: ${failureOf(e)}` };
  }
  const data = watchPageData(text);
  if (!data) return { ok: false, reason: 'unreadable', detail: 'watch page: no player response' };
  if (data.videoId !== videoId) return { ok: false, reason: 'unreadable', detail: 'watch page: answered for another video' };
  return {
    ...data,
    clientVersion: data.clientVersion ?? first?.clientVersion,
    innertubeKey: data.innertubeKey ?? first?.innertubeKey,
    hl: data.hl ?? first?.hl,
    gl: data.gl ?? first?.gl,
    visitorData: data.visitorData ?? first?.visitorData,
  };
}

/**
 * Why no layer gave the transcript, each failure said in `detail`: a video without caption tracks
 * has none (`data`, its page's data, if it was read); every layer that answered said empty, empty;
 * else unreadable.
 */
export function noTranscript(
  failures: readonly LayerFailed[],
  data: WatchPageData | null,
): Extract<TranscriptResult, { ok: false }> {
  const detail = failures.map((f) => `${f.layer}: ${f.detail}`).join('; ');
  if (data && data.tracks.length === 0) return { ok: false, reason: 'no-captions', detail };
  const answered = failures.filter((f) => f.reason !== 'absent');
  const reason: NoTranscriptReason = answered.length && answered.every((f) => f.reason === 'empty') ? 'empty' : 'unreadable';
  return { ok: false, reason, detail };
}

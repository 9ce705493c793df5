/**
 * The one interface every layer of the YouTube reader stands behind, and what a layer is given:
 * the video's id, the page's data for that id (asked lazily: the open panel needs none), and its
 * effects (fetch, the page's resource timing, the document), passed in so each layer is tested
 * without a browser. A layer answers a transcript, or why not; `absent` says it had nothing to
 * try (no panel open, no transcript params), which is neither an empty answer nor a failure.
 */
import type { NoTranscriptReason, TranscriptLayer, TranscriptResult } from '@/lib/shared/transcript';
import type { CaptionTrack, WatchPageData } from './page-data';

export type LayerResult = TranscriptResult | { ok: false; reason: 'absent'; detail: string };

/** A failure of a layer, with the reasons the orchestrator weighs. */
export type LayerFailure = { ok: false; reason: NoTranscriptReason | 'absent'; detail: string };

export interface LayerContext {
  videoId: string;
  /** The page's origin: every request of the reader goes there and nowhere else. */
  origin: string;
  doc: Document;
  /** The page's data for `videoId` (its inline scripts, or the watch page fetched), or why not. */
  pageData: () => Promise<WatchPageData | LayerFailure>;
  /** The page's data for `videoId` if it is at hand without a request, else null. */
  knownPageData: () => WatchPageData | null;
  /** The track chosen for the user's and the page's languages, among `tracks`. */
  chooseTrack: (tracks: readonly CaptionTrack[]) => CaptionTrack | null;
  /** fetch, with the reader's timeout and the caller's signal already applied. */
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** The addresses in the page's resource timing (`performance.getEntriesByType('resource')`). */
  resourceUrls: () => string[];
}

export interface YouTubeLayer {
  name: TranscriptLayer;
  read(ctx: LayerContext): Promise<LayerResult>;
}

/** Most cues kept, and most characters, of one video: an hour of speech is a few thousand cues. */
export const MAX_CUES = 50_000;
export const MAX_CHARS = 2_000_000;
const MAX_CUE_CHARS = 2_000;

/** Cue text as read: whitespace folded, cut to a cue's cap. */
export function cueText(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, MAX_CUE_CHARS);
}

/** Cues in time order, without empty ones, within the caps. */
export function keepCues<T extends { startMs: number; endMs: number; text: string }>(cues: T[]): T[] {
  const out: T[] = [];
  let chars = 0;
  for (const c of cues
    .filter((c) => c.text && Number.isFinite(c.startMs) && c.startMs >= 0)
    .sort((a, b) => a.startMs - b.startMs)) {
    if (out.length >= MAX_CUES || chars + c.text.length > MAX_CHARS) break;
    chars += c.text.length;
    out.push({ ...c, endMs: Math.max(c.startMs, Number.isFinite(c.endMs) ? c.endMs : c.startMs) });
  }
  return out;
}

/** `url` on the page's origin when it is a YouTube address (m. and www. share the API), else null. */
export function onOrigin(url: string, origin: string): URL | null {
  let u: URL;
  try {
    u = new URL(url, origin);
  } catch {
    return null;
  }
  if (u.origin === origin) return u;
  const youtube = (host: string) => /(^|\.)youtube\.com$/.test(host);
  return youtube(u.hostname) && youtube(new URL(origin).hostname) ? new URL(u.pathname + u.search, origin) : null;
}

/** Why a request failed, in a few words for `detail`. */
export function failureOf(e: unknown): string {
  if (e instanceof Error) return e.name === 'TimeoutError' ? 'timed out' : e.name === 'AbortError' ? 'cancelled' : e.message;
  return String(e);
}

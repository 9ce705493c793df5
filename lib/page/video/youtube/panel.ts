/**
 * Layer (c) of the YouTube reader: the transcript panel, when the page shows one, read from the
 * DOM in both of 2026's layouts (`ytd-transcript-segment-renderer` with `.segment-timestamp` and
 * `.segment-text`; `transcript-segment-view-model` with its timestamp and `[role="text"]` span,
 * leaving out the spoken label for screen readers). A segment's time ("2:31", "1:02:03") is its
 * start; it ends where the next begins. Read only when the page says the panel is this video's.
 */
import type { Cue } from '@/lib/shared/video/transcript';
import { cueText, foundTranscript, keepCues, type LayerResult, type YouTubeLayer } from './layer';

const LAYOUTS = [
  { segment: 'ytd-transcript-segment-renderer', time: '.segment-timestamp', text: '.segment-text' },
  {
    segment: 'transcript-segment-view-model',
    time: '.ytwTranscriptSegmentViewModelTimestamp',
    text: '[role="text"], .yt-core-attributed-string',
  },
] as const;

/** Milliseconds of a panel timestamp ("2:31" → 151000, "1:02:03" → 3723000), or null. */
export function timestampMs(text: string): number | null {
  const m = /^\s*(?:(\d{1,3}):)?(\d{1,3}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
  return s < 60 && (m[1] === undefined || min < 60) ? ((h * 60 + min) * 60 + s) * 1000 : null;
}

/** The panel's segments as they stand in the DOM (either layout), in page order; [] when none is open. */
export function panelSegments(doc: Document): { startMs: number; text: string }[] {
  for (const layout of LAYOUTS) {
    const rows = [...doc.querySelectorAll(layout.segment)];
    if (!rows.length) continue;
    return rows.flatMap((row) => {
      const startMs = timestampMs(row.querySelector(layout.time)?.textContent ?? '');
      const text = cueText(row.querySelector(layout.text)?.textContent ?? '');
      return startMs === null || !text ? [] : [{ startMs, text }];
    });
  }
  return [];
}

/** True when a transcript panel has segments in the DOM: the cheapest layer, asked first then. */
export function panelOpen(doc: Document): boolean {
  return LAYOUTS.some((l) => doc.querySelector(l.segment) !== null);
}

/** Segments to cues: each ends where the next starts; the last 5 s on, not past the video's end. */
export function panelCues(segments: { startMs: number; text: string }[], durationMs?: number): Cue[] {
  const sorted = [...segments].sort((a, b) => a.startMs - b.startMs);
  return keepCues(
    sorted.map((s, i) => {
      const next = sorted[i + 1]?.startMs;
      const end = next ?? (durationMs && durationMs > s.startMs ? Math.min(durationMs, s.startMs + 5_000) : s.startMs + 5_000);
      return { startMs: s.startMs, endMs: end, text: s.text };
    }),
  );
}

export const panelLayer: YouTubeLayer = {
  name: 'youtube-panel',
  async read(ctx): Promise<LayerResult> {
    if (!panelOpen(ctx.doc)) return { ok: false, reason: 'absent', detail: 'panel: not open' };
    const known = ctx.knownPageData();
    // Which video the panel belongs to: the watch page element says it; without one, only a first
    // load whose inline data is this video's. A panel left from another video is never read.
    const flexy = ctx.doc.querySelector('ytd-watch-flexy');
    const panelVideo = flexy ? flexy.getAttribute('video-id') : known?.videoId;
    if (panelVideo !== ctx.videoId) return { ok: false, reason: 'unreadable', detail: 'panel: not shown for this video' };
    const cues = panelCues(panelSegments(ctx.doc), known?.durationMs);
    if (!cues.length) return { ok: false, reason: 'empty', detail: 'panel: no segments with a time and words' };
    // The panel shows YouTube's default track: known only when the video has one.
    const track = known?.tracks.length === 1 ? known.tracks[0] : undefined;
    return foundTranscript(ctx, 'youtube-panel', track, known?.durationMs, cues);
  },
};

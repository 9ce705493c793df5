/**
 * Layer (a) of the YouTube reader: the player's own caption request. Since May 2025 a track's
 * `baseUrl` answers an empty body (status 200) unless it carries the proof-of-origin token (`pot`)
 * that the page's player adds when captions are on; that request is in the page's resource timing,
 * so its `pot` (and `c=WEB`) is reused for the chosen track, as `fmt=json3`. Without such a request
 * for this video, the bare `baseUrl` is tried once; an empty body is a failure, never a transcript.
 */
import type { Cue } from '@/lib/shared/video/transcript';
import { at } from './page-data';
import { cueText, failureOf, foundTranscript, keepCues, onOrigin, type LayerResult, type YouTubeLayer } from './layer';

/** The `pot` and client of the player's caption request for `videoId`, from the page's resource timing. */
export function playerToken(urls: readonly string[], videoId: string): { pot: string; c: string } | null {
  for (const raw of [...urls].reverse()) {
    if (!raw.includes('/api/timedtext')) continue;
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      continue;
    }
    const pot = u.searchParams.get('pot');
    // A token proves a request for one video: another video's is of no use, and never reused.
    if (pot && u.searchParams.get('v') === videoId) return { pot, c: u.searchParams.get('c') || 'WEB' };
  }
  return null;
}

/** The cues of a `json3` caption reply (`events[].segs[].utf8`), or null when it is not one. */
export function json3Cues(body: string): Cue[] | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const events = at(json, 'events');
  if (!Array.isArray(events)) return null;
  return keepCues(
    events.flatMap((e): Cue[] => {
      const segs = at(e, 'segs');
      const start = Number(at(e, 'tStartMs'));
      if (!Array.isArray(segs) || !Number.isFinite(start)) return [];
      const text = cueText(segs.map((s) => (typeof at(s, 'utf8') === 'string' ? (at(s, 'utf8') as string) : '')).join(''));
      const duration = Number(at(e, 'dDurationMs'));
      return [{ startMs: start, endMs: start + (Number.isFinite(duration) ? duration : 0), text }];
    }),
  );
}

export const captionRequestLayer: YouTubeLayer = {
  name: 'youtube-caption-request',
  async read(ctx): Promise<LayerResult> {
    const data = await ctx.pageData();
    if ('ok' in data) return data;
    const track = ctx.chooseTrack(data.tracks);
    if (!track) return { ok: false, reason: 'no-captions', detail: 'the player response lists no caption track' };
    const url = onOrigin(track.baseUrl, ctx.origin);
    if (!url) return { ok: false, reason: 'unreadable', detail: 'the caption track points off YouTube' };
    if (url.searchParams.get('v') !== ctx.videoId) {
      return { ok: false, reason: 'unreadable', detail: 'the caption track is for another video' };
    }
    const token = playerToken(ctx.resourceUrls(), ctx.videoId);
    url.searchParams.set('fmt', 'json3');
    if (token) {
      url.searchParams.set('pot', token.pot);
      url.searchParams.set('c', token.c);
    }
    const how = token ? 'with the player’s pot' : 'without a pot (no caption request of the player for this video)';
    let body: string;
    try {
      const res = await ctx.fetch(url.href, { credentials: 'same-origin' });
      if (!res.ok) return { ok: false, reason: 'unreadable', detail: `caption request ${how}: status ${res.status}` };
      body = await res.text();
    } catch (e) {
      return { ok: false, reason: 'unreadable', detail: `caption request ${how}: ${failureOf(e)}` };
    }
    if (!body.trim()) return { ok: false, reason: 'empty', detail: `caption request ${how}: empty body` };
    const cues = json3Cues(body);
    if (!cues) return { ok: false, reason: 'unreadable', detail: `caption request ${how}: not json3` };
    if (!cues.length) return { ok: false, reason: 'empty', detail: `caption request ${how}: no cues` };
    return foundTranscript(ctx, 'youtube-caption-request', track, data.durationMs, cues);
  },
};

/**
 * Layer (b) of the YouTube reader: the call the transcript panel itself makes,
 * `POST /youtubei/v1/get_transcript`, with the `params` of the page's `getTranscriptEndpoint` and
 * the web client's context (its version, language, region, visitor id and API key from the page's
 * ytcfg). Its segments carry
 * `startMs` and `endMs`. YouTube picks the track (the video's default); which one it picked is read
 * from the reply's language menu, matched to the player response's tracks by name.
 */
import type { Cue } from '@/lib/shared/video/transcript';
import { at, findAll, textOf, type CaptionTrack } from './page-data';
import { cueText, failureOf, foundTranscript, keepCues, type LayerResult, type YouTubeLayer } from './layer';

/** The segments of a `get_transcript` reply (`transcriptSegmentRenderer`s), or null when it is not one. */
export function transcriptReplyCues(reply: unknown): Cue[] | null {
  if (!Array.isArray(at(reply, 'actions'))) return null;
  return keepCues(
    findAll(reply, 'transcriptSegmentRenderer').flatMap((s): Cue[] => {
      const startMs = Number(at(s, 'startMs'));
      const endMs = Number(at(s, 'endMs'));
      if (!Number.isFinite(startMs)) return [];
      return [{ startMs, endMs: Number.isFinite(endMs) ? endMs : startMs, text: cueText(textOf(at(s, 'snippet'))) }];
    }),
  );
}

/** The track the reply's language menu marks selected, matched by name; the only track when there is one. */
export function replyTrack(reply: unknown, tracks: readonly CaptionTrack[]): CaptionTrack | null {
  const selected = findAll(reply, 'subMenuItems')
    .flatMap((items) => (Array.isArray(items) ? items : []))
    .find((item) => at(item, 'selected') === true);
  const title = typeof at(selected, 'title') === 'string' ? (at(selected, 'title') as string) : textOf(at(selected, 'title'));
  return (title && tracks.find((t) => t.name === title)) || (tracks.length === 1 ? tracks[0]! : null);
}

export const getTranscriptLayer: YouTubeLayer = {
  name: 'youtube-get-transcript',
  async read(ctx): Promise<LayerResult> {
    const data = await ctx.pageData();
    if ('ok' in data) return data;
    if (!data.transcriptParams)
      return { ok: false, reason: 'absent', detail: 'get_transcript: no getTranscriptEndpoint on the page' };
    if (!data.clientVersion) return { ok: false, reason: 'absent', detail: 'get_transcript: no client version in ytcfg' };
    const url = new URL('/youtubei/v1/get_transcript', ctx.origin);
    url.searchParams.set('prettyPrint', 'false');
    if (data.innertubeKey) url.searchParams.set('key', data.innertubeKey);
    let reply: unknown;
    try {
      const res = await ctx.fetch(url.href, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          'x-youtube-client-name': '1',
          'x-youtube-client-version': data.clientVersion,
          ...(data.visitorData ? { 'x-goog-visitor-id': data.visitorData } : {}),
        },
        body: JSON.stringify({
          context: {
            client: {
              clientName: 'WEB',
              clientVersion: data.clientVersion,
              ...(data.hl ? { hl: data.hl } : {}),
              ...(data.gl ? { gl: data.gl } : {}),
              ...(data.visitorData ? { visitorData: data.visitorData } : {}),
            },
          },
          params: data.transcriptParams,
        }),
      });
      if (!res.ok) return { ok: false, reason: 'unreadable', detail: `get_transcript: status ${res.status}` };
      const body = await res.text();
      if (!body.trim()) return { ok: false, reason: 'empty', detail: 'get_transcript: empty body' };
      reply = JSON.parse(body);
    } catch (e) {
      return { ok: false, reason: 'unreadable', detail: `get_transcript: ${failureOf(e)}` };
    }
    const cues = transcriptReplyCues(reply);
    if (!cues) return { ok: false, reason: 'unreadable', detail: 'get_transcript: not a transcript reply' };
    if (!cues.length) return { ok: false, reason: 'empty', detail: 'get_transcript: no segments' };
    const track = replyTrack(reply, data.tracks);
    return foundTranscript(ctx, 'youtube-get-transcript', track ?? undefined, data.durationMs, cues);
  },
};

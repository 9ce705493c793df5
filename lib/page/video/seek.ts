/**
 * A click on a quote of a video's captions, in the page: the video it was said in is found again
 * by its key (the YouTube id the address names now, or the media element at its place playing the
 * same source), scrolled into view and sought to the quoted words' start, and the words are shown
 * over it (overlay.ts). A video that is gone, another video in its place, a player no reader sees
 * once scrolled into view, or one that cannot be sought is said as such: nothing is shown for it.
 */
import { youTubeKey, youTubeVideoId } from '@/lib/shared/video/youtube-url';
import { mediaElements, mediaKey, playerSeen } from './read-videos';
import { boxJudge } from '@/lib/page/seen/box-shown';
import { showQuoteOverlay } from './overlay';

export type SeekOutcome =
  { ok: true; atMs: number } | { ok: false; reason: 'no-video' | 'other-video' | 'not-seekable' | 'not-shown' };

/** How long the video may take to land on the moment. */
export const SEEK_MS = 3_000;

/** The media element `key` names in `doc` now, or why there is none. */
export function findVideo(doc: Document, key: string): HTMLMediaElement | 'no-video' | 'other-video' {
  if (key.startsWith('youtube:')) {
    const id = youTubeVideoId(doc.location.href);
    if (id === null || youTubeKey(id) !== key) return 'other-video';
    const player =
      doc.querySelector<HTMLMediaElement>('#movie_player video, video.html5-main-video') ?? doc.querySelector('video');
    return player ?? 'no-video';
  }
  const m = /^media:(\d+):/.exec(key);
  const all = mediaElements(doc);
  if (m) {
    const at = all[Number(m[1])];
    if (at && mediaKey(Number(m[1]), at) === key) return at;
  }
  // The page added or removed a medium before it: the one playing the same source, if only one does.
  const same = all.filter((media, i) => mediaKey(i, media).replace(/^media:\d+:/, '') === key.replace(/^media:\d+:/, ''));
  if (same.length === 1) return same[0]!;
  return all.length > 0 ? 'other-video' : 'no-video';
}

/** Resolves once `media` has sought (or after `ms`). */
function sought(media: HTMLMediaElement, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      media.removeEventListener('seeked', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    media.addEventListener('seeked', done);
    if (!media.seeking) done();
  });
}

/**
 * Seeks the video `key` to a moment inside the cue `[startMs, endMs)` (its start, a hair after so
 * that it is inside) and shows `words` over it.
 */
export async function seekToQuote(
  doc: Document,
  key: string,
  startMs: number,
  endMs: number,
  words: string,
): Promise<SeekOutcome> {
  const media = findVideo(doc, key);
  if (typeof media === 'string') return { ok: false, reason: media };
  const target = (startMs + Math.min(50, Math.max(0, (endMs - startMs) / 2))) / 1000;
  try {
    media.scrollIntoView({ block: 'center' });
  } catch {
    return { ok: false, reason: 'not-seekable' };
  }
  // In view now, the player must be one a reader sees (read-videos.ts `playerSeen`): words shown over
  // a player nobody sees would be passed off as what it says.
  if (key.startsWith('media:') && playerSeen(media, boxJudge(doc)).seen !== 'seen') return { ok: false, reason: 'not-shown' };
  try {
    media.currentTime = target;
  } catch {
    return { ok: false, reason: 'not-seekable' };
  }
  await sought(media, SEEK_MS);
  const at = media.currentTime;
  // A player that cannot seek (a live stream, no metadata it accepts) stays where it was.
  if (!Number.isFinite(at) || Math.abs(at - target) > 1) return { ok: false, reason: 'not-seekable' };
  showQuoteOverlay(doc, media, words);
  return { ok: true, atMs: Math.round(at * 1000) };
}

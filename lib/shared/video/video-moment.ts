/**
 * A video's moment as the screens show it, apart from the cutting of captions into passages
 * (video-passages.ts, which re-exports all of this): what a passage of captions carries, the
 * reasons a video gave no transcript, a moment as an address that plays it (written as "2:31" by
 * clock-time.ts, in the interface's language).
 * Small and pure, so that the popup's first load does not bring the passage cutter and the
 * text normaliser with it.
 */
import type { NoTranscriptReason } from './transcript';
import { youTubeVideoId } from './youtube-url';

/** Every reason a video gave no transcript (lib/shared/video/transcript.ts), for the schemas that carry one. */
export const NO_TRANSCRIPT_REASONS = [
  'no-captions',
  'empty',
  'unreadable',
  'video-changed',
] as const satisfies readonly NoTranscriptReason[];

/** The moment of a video a quote was said at: the video, and the span of the cue its words start in. */
export interface VideoMoment {
  key: string;
  startMs: number;
  endMs: number;
}

/** Where a cue starts in its passage's text (`at`, in UTF-16 units), and when it is said. */
export interface PassageCue {
  at: number;
  startMs: number;
  endMs: number;
}

/** What a passage read from a video's captions carries beside its text. */
export interface VideoOfPassage {
  /** The video it was said in (`Transcript.videoKey`): a click seeks that video and no other. */
  key: string;
  cues: PassageCue[];
}

/** The most cues one passage keeps (a passage of 900 characters holds at most 450 one-letter cues). */
export const MAX_PASSAGE_CUES = 500;
/** The longest video key (a page address and the media element's place in it). */
export const MAX_VIDEO_KEY_CHARS = 2_100;

/** A duration in whole minutes, at least 1 for any video that has a length. */
export function minutesOf(ms: number): number {
  return ms <= 0 ? 0 : Math.max(1, Math.round(ms / 60_000));
}

/**
 * The address that plays `url`'s video from `ms`: YouTube's `t=151s` parameter on its watch
 * address (a Short opens as a watch page, which honours it), a media fragment `#t=151` elsewhere
 * (what a page's own `<video>` or a media file reads; it replaces any fragment the address had).
 */
export function momentUrl(url: string, ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const id = youTubeVideoId(url);
  if (id) return `https://www.youtube.com/watch?v=${id}&t=${seconds}s`;
  const hash = url.indexOf('#');
  return `${hash < 0 ? url : url.slice(0, hash)}#t=${seconds}`;
}

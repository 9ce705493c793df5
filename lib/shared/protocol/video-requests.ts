/**
 * What the worker may ask of the video reader it injects into a frame that has a video
 * (entrypoints/video-reader.ts): the requests' schemas alone, which the reader parses; their
 * replies join them in messages.ts (`videoCalls`). Apart from page-requests.ts, so that the page
 * script every tab loads carries none of this.
 */
import * as z from 'zod/mini';
import { MAX_PASSAGES } from '@/lib/shared/core/limits';
import { MAX_VIDEO_KEY_CHARS } from '@/lib/shared/video/video-moment';
import { MAX_SEEN_TARGETS } from './quote-requests';

/**
 * Where a frame's caption passages are numbered from: past any order its page's passages can have
 * (at most MAX_PASSAGES of them), so that the captions may be read while the page's text is.
 */
export const VIDEO_FIRST_ORDER = MAX_PASSAGES;

export const videoRequests = {
  /** The frame's videos read as their captions, their passages numbered from `firstOrder`. */
  'video-read': {
    request: z.object({ type: z.literal('video-read'), firstOrder: z.int().check(z.gte(0), z.lte(MAX_PASSAGES)) }),
  },
  /** The video `key` sought to the cue `[startMs, endMs)` and `words` shown over it. */
  'video-seek': {
    request: z.object({
      type: z.literal('video-seek'),
      key: z.string().check(z.maxLength(MAX_VIDEO_KEY_CHARS)),
      startMs: z.number().check(z.gte(0)),
      endMs: z.number().check(z.gte(0)),
      words: z.string().check(z.maxLength(2_000)),
    }),
  },
  /**
   * Whether the player of each video `keys` names is one a reader sees now: the proof before a quote
   * of its captions is shown (lib/page/video/prove-players.ts).
   */
  'video-seen': {
    request: z.object({
      type: z.literal('video-seen'),
      keys: z.array(z.string().check(z.maxLength(MAX_VIDEO_KEY_CHARS))).check(z.maxLength(MAX_SEEN_TARGETS)),
    }),
  },
};

/**
 * Whether a frame has a video worth reading the captions of: the one thing about videos the page
 * script (injected into every tab a question reads) does itself, and cheaply (one selector, the
 * address). The reading is the video reader's (lib/page/video/read-videos.ts), a script of its own
 * that the worker injects only into the frames that say yes, so that every other tab loads none of it.
 */
import { youTubeVideoId } from '@/lib/shared/video/youtube-url';

/** A `<video>`, or an `<audio>` with a caption track, or a YouTube watch page. */
export function hasMedia(doc: Document): boolean {
  if (youTubeVideoId(doc.location?.href ?? '') !== null) return true;
  return doc.querySelector('video, audio > track') !== null;
}

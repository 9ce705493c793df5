/**
 * YouTube's transcript for the video a watch page shows now, read by layers (the player's own
 * caption request, the transcript call, the transcript panel), each behind one interface and
 * tested on its own. The seam the page's video reading calls; the layers are built beside it.
 */
import type { TranscriptResult } from '@/lib/shared/transcript';

/** The transcript of the video `videoId` on this YouTube page, or why there is none. */
export async function readYouTubeTranscript(_win: Window, videoId: string, _signal?: AbortSignal): Promise<TranscriptResult> {
  return { ok: false, reason: 'unreadable', detail: `no YouTube reader yet for ${videoId}` };
}

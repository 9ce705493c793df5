/**
 * The live page's proof that a quote of a video's captions may be shown, asked after the verifier
 * accepted it and before its claim is shown, as lib/page/find/quote-seen.ts proves a quote of the page's
 * words: the cue's words are the transcript's, but a reader sees them only on a player a reader
 * sees. So the video is found again by its key (seek.ts `findVideo`) and its player judged now by
 * the rules that chose it for reading (read-videos.ts `playerSeen`, the table of
 * lib/shared/seen/seen.ts): a player gone, or moved off the page, faded, clipped or covered since, proves
 * nothing.
 */
import { seenResultOf, type SeenVerdict } from '@/lib/shared/seen/seen';
import type { SeenResult } from '@/lib/shared/protocol/types';
import { boxJudge } from '@/lib/page/seen/box-shown';
import { playerSeen } from './read-videos';
import { findVideo } from './seek';

/** Whether the player of each video `keys` names is seen in `doc` now, in order. */
export function provePlayers(doc: Document, keys: readonly string[]): SeenResult[] {
  const judge = boxJudge(doc);
  const known = new Map<string, SeenVerdict | null>();
  return keys.map((key) => {
    if (!known.has(key)) {
      const media = findVideo(doc, key);
      known.set(key, typeof media === 'string' ? null : playerSeen(media, judge));
    }
    const verdict = known.get(key)!;
    return verdict === null ? { drawn: false, reason: 'not-found' } : seenResultOf(verdict);
  });
}

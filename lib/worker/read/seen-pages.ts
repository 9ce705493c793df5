/**
 * Asks the live pages whether verified quotes are drawn for a reader (the `drawn` page call,
 * lib/page/find/quote-seen.ts; for a quote of a video's captions, whether its player is one a reader sees,
 * lib/page/video/prove-players.ts): one request per frame, the quote finder (entrypoints/quote-finder.ts)
 * injected first (once per page; the page may have been reloaded since it was read). A frame that cannot be asked in time proves nothing: its
 * quotes get the verdict of the table's row for no answer (lib/shared/seen/seen.ts). The decisions are lib/worker/answer/seen-check.ts's; this is the browser side.
 */
import { callQuoteFinder, callVideo } from './call-page';
import { bounded } from '@/lib/shared/core/time-limit';
import { MAX_SEEN_TARGETS, type QuoteTarget } from '@/lib/shared/protocol/quote-requests';
import { seenResultOf, judge } from '@/lib/shared/seen/seen';
import type { ShownCitation } from '@/lib/shared/answer/run';
import type { SeenResult } from '@/lib/shared/protocol/types';

/**
 * For one frame to answer, as for reading it: it finds the quotes as the highlight does (well
 * under a second, seconds on a huge page on a busy machine).
 */
const FRAME_MS = 10_000;

/** A frame that gave no answer: the table's row for it (lib/shared/seen/seen.ts). */
const notProven = (): SeenResult => seenResultOf(judge({ answered: false }));

/** What the highlight finds a quote by (lib/worker/reveal/plan.ts `targetOf` makes the same). */
function targetOf(c: ShownCitation): QuoteTarget {
  return { literal: c.literal, passageText: c.passageText, passageOrder: c.passageOrder, ...(c.parts ? { parts: c.parts } : {}) };
}

/** The pipeline's `checkSeen` (lib/worker/answer/seen-check.ts): one result per quote, in order. */
export function seenInPages(signal?: AbortSignal): (citations: ShownCitation[]) => Promise<SeenResult[]> {
  return async (queries) => {
    const results: SeenResult[] = queries.map(notProven);
    const byFrame = new Map<string, number[]>();
    queries.forEach((q, i) => {
      // A frame's quotes of its page's words and of its videos' captions are asked of different scripts.
      const key = `${q.tabId}/${q.frameId}/${q.video ? 'video' : 'page'}`;
      byFrame.set(key, [...(byFrame.get(key) ?? []), i]);
    });
    await Promise.all(
      [...byFrame.values()].map(async (indexes) => {
        const { tabId, frameId } = queries[indexes[0]!]!;
        for (let from = 0; from < indexes.length; from += MAX_SEEN_TARGETS) {
          const chunk = indexes.slice(from, from + MAX_SEEN_TARGETS);
          try {
            const reply = await bounded(
              ask(
                tabId,
                frameId,
                chunk.map((i) => queries[i]!),
              ),
              FRAME_MS,
              signal,
            );
            chunk.forEach((i, k) => (results[i] = reply.results[k] ?? notProven()));
          } catch (err) {
            if (signal?.aborted) throw err;
            // The tab or frame is gone, or did not answer: nothing is proven.
          }
        }
      }),
    );
    return results;
  };
}

/**
 * One frame asked about its quotes: those of its page's words by the quote finder, those of a
 * video's captions by the video reader, whose player must be one a reader sees
 * (lib/page/video/prove-players.ts).
 */
async function ask(tabId: number, frameId: number, citations: ShownCitation[]) {
  const videos = citations.flatMap((c) => (c.video ? [c.video.key] : []));
  if (videos.length > 0) return callVideo(tabId, frameId, { type: 'video-seen', keys: videos });
  const targets: QuoteTarget[] = citations.map(targetOf);
  // At once, as for reading: a document that never finishes loading is never idle.
  return callQuoteFinder(tabId, frameId, { type: 'drawn', targets }, { immediately: true });
}

/**
 * A quote of a passage as the screens show it, with its real source and what finds it again: one
 * shape for the answer's citations (lib/worker/answer/pipeline.ts) and for the search results
 * offered without a key (lib/worker/rank/keyless-search.ts), so a click reveals either alike.
 */
import type { ShownCitation } from '@/lib/shared/answer/run';
import { siteOf } from '@/lib/shared/answer/site';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { quoteCue } from '@/lib/shared/video/video-passages';

/**
 * A quote of a passage as the popup shows it: with its real source, and what finds it again; a
 * quote of a video's captions with the moment its first word is said (the start of its cue).
 */
export function citationOf(p: SourcedPassage, literal: string, index: number, parts?: string[]): ShownCitation {
  const cue = p.video ? quoteCue(p, literal, parts) : undefined;
  return {
    literal,
    index,
    passageId: p.id,
    passageText: p.text,
    passageOrder: p.order,
    tabId: p.tabId,
    windowId: p.windowId,
    frameId: p.frameId,
    url: p.url,
    title: p.title,
    site: siteOf(p.url),
    ...(p.page !== undefined ? { page: p.page } : {}),
    ...(p.video && cue ? { video: { key: p.video.key, startMs: cue.startMs, endMs: cue.endMs } } : {}),
  };
}

/** Passages with their sources, made up for unit tests of ranking, prompt and pipeline. */
import type { SourcedPassage } from '@/lib/shared/protocol/types';

/** A passage as the background holds it, for tests that do not care about its source. */
export function passage(text: string, over: Partial<SourcedPassage> = {}): SourcedPassage {
  return {
    id: `p${Math.abs(hash(text)).toString(36)}`,
    text,
    order: 0,
    tabId: 1,
    windowId: 1,
    frameId: 0,
    url: 'https://example.org/page',
    title: 'Example page',
    ...over,
  };
}

function hash(s: string): number {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.codePointAt(0)!) | 0;
  return h;
}

/**
 * A page's visible text as anchoring last read it (`readPage`), kept for the next quote while
 * nothing in the page changed. The walk asks every test of what a reader sees of every element
 * and is most of what finding a quote costs: kept, the proofs that an answer's quotes are drawn,
 * the click on one of them and the clicks after it walk the page once, not once per quote.
 *
 * Any change to the DOM (nodes, text, attributes), the focus, the selection or the window's size
 * drops it (lib/page/read/change-watch.ts). A change no observer sees (a style that hover, scrolling or
 * an animation changes) is why a quote found in a kept reading is still proven drawn on the page
 * as it is now (lib/page/find/quote-seen.ts), and why the highlight looks again in a new reading for a quote
 * that a kept one did not find or the proof refused (lib/page/find/highlight-locate.ts): better no highlight
 * than the wrong words, and no quote missed because an old reading was kept. Pure DOM code.
 */
import { locateIn, readPage, type AnchorOptions, type AnchorPage, type LocatedQuote } from './anchor';
import { lowerBound } from './find-quote';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';
import { watchChanges, type ChangeWatch } from '@/lib/page/read/change-watch';

interface Kept {
  page: AnchorPage;
  watch: ChangeWatch;
}

const kept = new WeakMap<Document | Element, Kept>();

/** The page to find quotes in, and whether it was read just now (not kept from an earlier quote). */
export interface PageReading {
  page: AnchorPage;
  fresh: boolean;
}

/** The kept reading of `root` when nothing changed since and it was read with the same options; else a new one. */
export function currentReading(root: Document | Element, options: AnchorOptions = {}): PageReading {
  const k = kept.get(root);
  if (k && !k.watch.changed() && sameOptions(k.page.options, options)) return { page: k.page, fresh: false };
  return { page: readAfresh(root, options), fresh: true };
}

/** Reads `root` now and keeps that reading for the next quote. */
export function readAfresh(root: Document | Element, options: AnchorOptions = {}): AnchorPage {
  kept.get(root)?.watch.stop();
  kept.delete(root);
  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument;
  // Watched from before the walk: a change while it reads is a change since the reading.
  const watch = doc ? watchChanges(doc) : null;
  const page = readPage(root, options);
  if (watch) kept.set(root, { page, watch });
  return page;
}

/**
 * Whether the text nodes that hold `[start, end)` of a reading are still in the page with the
 * characters it read. A change inside a shadow root is seen by no observer of the document: a
 * quote found in a kept reading whose words changed since is not shown from it.
 */
export function stillAsRead(page: AnchorPage, located: Pick<LocatedQuote, 'start' | 'end'>): boolean {
  const { text, segments: segs } = page.collected;
  for (
    let k = lowerBound(segs.length, (x) => segs[x]!.end > located.start);
    k < segs.length && segs[k]!.start < located.end;
    k++
  ) {
    const seg = segs[k]!;
    if (!seg.node.isConnected || !seg.node.data.startsWith(text.slice(seg.start, seg.end))) return false;
  }
  return true;
}

/**
 * `target` found as a click finds it: in the kept reading of `root` and, when that misses it or
 * its words changed since, in a new one. `fresh`: whether the page was read for it.
 */
export function locateKept(
  root: Document | Element,
  target: QuoteTarget,
  options: AnchorOptions = {},
): { located: LocatedQuote | null; fresh: boolean } {
  const { page, fresh } = currentReading(root, options);
  const located = locateIn(page, target);
  if (fresh || (located && stillAsRead(page, located))) return { located, fresh };
  return { located: locateIn(readAfresh(root, options), target), fresh: true };
}

/** Forgets the kept reading of `root` (the next quote reads the page again). */
export function forgetReading(root: Document | Element): void {
  kept.get(root)?.watch.stop();
  kept.delete(root);
}

function sameOptions(a: AnchorOptions, b: AnchorOptions): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof AnchorOptions>);
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

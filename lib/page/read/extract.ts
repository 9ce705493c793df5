/**
 * Extraction: a page's visible text, block by block, cut into passages of a few sentences. The
 * walk asks each element only what costs least (display, visibility, boxes clipped away); the
 * other tests of what hides words are asked of the passages about to be sent, with the words of
 * each passage kept for them (`onWords`, lib/page/read/passage-check.ts), or, for a frame small enough
 * to be sent whole, of every word in the same walk (`check`: the same passages, and the verdict).
 *
 * Passages keep the page's real characters (only whitespace runs become single spaces), so a
 * model quoting them quotes words that anchoring can find again in the live page. A heading is
 * the first line of the passage that starts its section (so it can be quoted too) and the
 * `heading` of the passages after it. Pure DOM code.
 */
import { collectText, type CollectOptions } from './dom-text';
import { collapse } from './text-sink';
import { checkedVerdict, passageWords, type PassageVerdict, type PassageWords, type Span } from './passage-check';
import { selectedParts } from './selection-words';
import { fnv1a } from '@/lib/shared/core/fnv1a';
import { layoutPassages } from '@/lib/shared/text/passage-layout';
import { normalize } from '@/lib/shared/text/normalize';
import { PassageIds } from '@/lib/shared/text/passage-ids';
import type { FrameCoverage, PageText, Passage } from '@/lib/shared/protocol/types';

export interface ExtractOptions extends CollectOptions {
  /** Blocks shorter than this may be merged with their neighbours; passages aim above it. */
  minChars?: number;
  /** No passage is longer, except that nothing ever cuts inside a word. */
  maxChars?: number;
  /**
   * The frame's selection, its ranges: the words read inside them, when there are any, are the
   * first passage (`selection: true`, order -1), checked before sending like any other
   * (lib/page/read/selection-words.ts).
   */
  selection?: readonly AbstractRange[];
  /**
   * Given the words of each passage, for the check before any is sent (lib/page/read/passage-check.ts):
   * a reading leaves out only what costs least to tell, and that check asks the rest.
   */
  onWords?: (words: PassageWords) => void;
  /** Told when the walk has ended, before the layout (the reading's timings: lib/shared/protocol/read-timing.ts). */
  onWalked?: () => void;
  /**
   * Read and check every passage in one walk (lib/page/read/dom-text.ts `check`), for a frame small
   * enough to be sent whole: the same passages as a reading, and given to `onChecked`, the verdict
   * the check before sending would give on all of them.
   */
  check?: boolean;
  onChecked?: (verdict: PassageVerdict) => void;
}

/** About 300,000 words: far more than any answer needs, and what a tab can send in one message. */
export const DEFAULT_MAX_TEXT_CHARS = 2_000_000;
/** The page is frozen while it is walked: never longer than this. */
export const DEFAULT_TIME_BUDGET_MS = 1_500;

/** Reads `doc`'s visible text and cuts it into passages, within a size and a time budget. */
export function extractPage(doc: Document, options: ExtractOptions = {}): PageText {
  // A reading walk: what else hides words is asked only of the passages about to be sent
  // (or, `check`, of every word as it is read).
  const collected = collectText(doc, {
    ...options,
    segments: true,
    paint: false,
    check: options.check === true,
    maxTextChars: options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS,
    timeBudgetMs: options.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS,
  });
  options.onWalked?.();
  const laidOut = layoutPassages(collected, options);

  const passages: Passage[] = [];
  const ids = new PassageIds();
  const spans: Span[] = [];
  const selection = options.selection?.length ? selectedParts(collected, options.selection) : null;
  if (selection?.text) {
    const id = ids.unique('s' + fnv1a(normalize(selection.text)));
    passages.push({ id, text: selection.text, selection: true, order: -1 });
    const { parts } = selection;
    spans.push({ id, start: parts[0]!.start, end: parts.at(-1)!.end, parts });
  }
  let chars = 0;
  // Each passage's first block, for where the words of its heading are.
  let block = 0;
  const blocks = collected.blocks;
  for (const p of laidOut) {
    const passage: Passage = { id: ids.next(p.text), text: p.text, order: p.order };
    const span: Span = { id: passage.id, start: p.start, end: p.end };
    if (p.heading !== undefined) {
      passage.heading = p.heading;
      while (block < blocks.length - 1 && blocks[block]!.end <= p.start) block++;
      const b = blocks[block];
      // Not found: an empty span, which the check takes as a heading no reader sees.
      span.heading =
        b?.heading === p.heading && b.headingStart !== undefined && b.headingEnd !== undefined
          ? { start: b.headingStart, end: b.headingEnd }
          : { start: 0, end: 0 };
    }
    passages.push(passage);
    spans.push(span);
    chars += p.text.length;
  }
  if (options.onWords || options.check) {
    const words = passageWords(collected, spans);
    options.onWords?.(words);
    if (options.check)
      options.onChecked?.(
        checkedVerdict(words, collected.unseen ?? new Set(), collected.covered ?? new Set(), collected.partlyHidden),
      );
  }

  const coverage: FrameCoverage = { readShare: collected.truncated?.share ?? 1 };
  if (collected.truncated) coverage.truncatedBy = collected.truncated.reason;
  return {
    url: doc.URL || doc.location?.href || '',
    title: collapse(doc.title ?? ''),
    passages,
    chars,
    coverage,
  };
}

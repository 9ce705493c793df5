/**
 * One walk over a page's visible text, in reading order, shared by extraction and anchoring so
 * that both see exactly the same characters.
 *
 * The walk concatenates the data of every visible text node (untouched, so an offset in `text`
 * maps back to an offset in a node) and inserts "\n" where the page keeps words apart (blocks,
 * `<br>`, table cells...). Those separators belong to no node. Pure DOM code: no `browser.*` API,
 * so it runs in happy-dom and in a content script.
 *
 * It is four small parts, each tested on its own: what a reader sees (lib/page/visibility.ts),
 * where the text is written and kept apart, block by block under its headings
 * (lib/page/text-sink.ts), how much may be read (lib/page/read-budget.ts), and the order of the
 * visit through shadow roots and slots (lib/page/text-walker.ts).
 */
import { ReadBudget, type Truncation } from './read-budget';
import { TextSink, type TextBlock, type TextSegment } from './text-sink';
import { TextWalker, type ShadowRootGetter } from './text-walker';
import { Visibility } from './visibility';

export type { TextBlock, TextSegment, Truncation };
export { collapse } from './text-sink';

export interface CollectedText {
  text: string;
  /** Empty when `CollectOptions.segments` is false. */
  segments: TextSegment[];
  blocks: TextBlock[];
  /** Set when a budget stopped the walk; the text is then the page's beginning. */
  truncated?: Truncation;
}

export interface CollectOptions {
  /**
   * Returns an element's shadow root, open or closed, e.g. `chrome.dom.openOrClosedShadowRoot`
   * (Chrome content scripts) or `(el) => el.openOrClosedShadowRoot` (Firefox). Without it only
   * open shadow roots (`element.shadowRoot`) are read.
   */
  getShadowRoot?: ShadowRootGetter;
  /** Keep the text node of every segment (anchoring needs them; extraction does not). Default true. */
  segments?: boolean;
  /** Stop once this many characters have been read (a huge page). Default: no limit. */
  maxTextChars?: number;
  /** Stop once this many milliseconds have passed since the walk began. Default: no limit. */
  timeBudgetMs?: number;
  /** The clock for `timeBudgetMs` (tests pass their own). */
  now?: () => number;
  /**
   * Leave out words that another box covers where they are in view (`Visibility.coveredBoxes`),
   * by a second walk on a page where a first one found some. Extraction does; anchoring does not,
   * so that a quote under a box is still found, and said to be covered.
   */
  leaveOutCovered?: boolean;
}

/**
 * Walks the visible text of `root` (a document, element, or shadow root) in reading order (the
 * flat tree: shadow trees replace their host's children, slots show their assigned nodes).
 */
export function collectText(root: Document | Element | DocumentFragment, options: CollectOptions = {}): CollectedText {
  const doc = root.nodeType === 9 ? (root as Document) : root.ownerDocument;
  const visibility = new Visibility(doc);
  const first = walk(root, visibility, options);
  if (!options.leaveOutCovered) return first;
  const covered = visibility.coveredBoxes();
  return covered.size === 0 ? first : walk(root, new Visibility(doc, covered), options);
}

function walk(root: Document | Element | DocumentFragment, visibility: Visibility, options: CollectOptions): CollectedText {
  const sink = new TextSink(options.segments !== false);
  const budget = new ReadBudget(root, options);
  new TextWalker(sink, visibility, budget, options.getShadowRoot).walk(root);
  const out: CollectedText = sink.finish();
  if (budget.truncated) out.truncated = budget.truncated;
  return out;
}

/**
 * One walk over a page's visible text, in reading order, shared by extraction and anchoring so
 * that both see exactly the same characters.
 *
 * The walk concatenates the data of every visible text node (untouched, so an offset in `text`
 * maps back to an offset in a node) and inserts "\n" where the page keeps words apart (blocks,
 * `<br>`, table cells...). Those separators belong to no node. Pure DOM code: no `browser.*` API,
 * so it runs in happy-dom and in a content script.
 *
 * It is four small parts, each tested on its own: what a reader sees (lib/page/seen/visibility.ts),
 * where the text is written and kept apart, block by block under its headings
 * (lib/page/read/text-sink.ts), how much may be read (lib/page/read/read-budget.ts), and the order of the
 * visit through shadow roots and slots (lib/page/read/text-walker.ts).
 */
import type { CharRun } from '@/lib/shared/seen/measured';
import { nodeOf } from '@/lib/page/dom/dom';
import { ReadBudget, type Truncation } from './read-budget';
import { TextSink, type TextBlock, type TextSegment } from './text-sink';
import { TextWalker, type ShadowRootGetter } from './text-walker';
import { Visibility } from '@/lib/page/seen/visibility';

export interface CollectedText {
  text: string;
  /** Empty when `CollectOptions.segments` is false. */
  segments: TextSegment[];
  blocks: TextBlock[];
  /** Set when a budget stopped the walk; the text is then the page's beginning. */
  truncated?: Truncation;
  /** A reading walk's (`paint: false`): the boxes that may cover words, for the check of sent passages. */
  covers?: readonly Element[];
  /**
   * A walk with `check`: the text nodes it read whose words no reader sees, and the boxes it found
   * covered by another, whose words it read too: what the check before sending leaves out.
   */
  unseen?: ReadonlySet<Text>;
  covered?: ReadonlySet<Element>;
  /** A walk with `check`: the text nodes some of whose words no reader sees, with the runs of their characters that are not. */
  partlyHidden?: ReadonlyMap<Text, readonly CharRun[]>;
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
   * False: a reading walk, which leaves out only what costs least to tell (display, visibility,
   * boxes clipped away); what else hides words is asked only of the passages about to be sent
   * (lib/page/read/passage-check.ts). Default true: every test, as anchoring and the proofs need.
   */
  paint?: boolean;
  /**
   * True: a reading walk (it reads what `paint: false` reads) that also asks every test of the
   * check before sending as it goes (the glyphs of each text node, what the boxes around them do to
   * them), and notes the words no reader sees (`CollectedText.unseen`) and the boxes covered by
   * another (`covered`): a reading and the check of all it read, in one walk instead of two.
   */
  check?: boolean;
}

/**
 * Walks the visible text of `root` (a document, element, or shadow root) in reading order (the
 * flat tree: shadow trees replace their host's children, slots show their assigned nodes).
 */
export function collectText(root: Document | Element | DocumentFragment, options: CollectOptions = {}): CollectedText {
  const doc = nodeOf.type(root) === 9 ? (root as Document) : nodeOf.doc(root);
  if (options.check === true) {
    const checking = new Visibility(doc, null, { glyphs: true, marksUnseen: true });
    const out = walk(root, checking, { ...options, paint: false });
    return {
      ...out,
      covers: checking.coverBoxes,
      unseen: checking.unseen!,
      covered: checking.coveredBoxes(),
      partlyHidden: checking.partlyHidden,
    };
  }
  if (options.paint === false) {
    const reading = new Visibility(doc, null, { paint: false });
    return { ...walk(root, reading, options), covers: reading.coverBoxes };
  }
  // (Words under another box are still read here: anchoring finds such a quote and says it is covered.)
  return walk(root, new Visibility(doc), options);
}

function walk(root: Document | Element | DocumentFragment, visibility: Visibility, options: CollectOptions): CollectedText {
  // A reading keeps its segments for the check before sending, and may still cut a huge text.
  const sink = new TextSink(options.segments !== false, options.segments === false || options.paint === false);
  const budget = new ReadBudget(root, options);
  new TextWalker(sink, visibility, budget, options.getShadowRoot).walk(root);
  const out: CollectedText = sink.finish();
  if (budget.truncated) out.truncated = budget.truncated;
  return out;
}

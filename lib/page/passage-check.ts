/**
 * The check of the passages about to be sent. Reading a page (lib/page/extract.ts) asks each
 * element only what costs least (display, visibility, boxes clipped away): asking every element
 * of every tab all that can hide words (opacity, colour, size, transforms, clipping, covers) made
 * a reading several times slower, and most of what is read is never sent. The worker asks this
 * check of the passages it chose, before anything leaves: the same walk (lib/page/text-walker.ts)
 * with every test (lib/page/visibility.ts), restricted to the words of those passages and the
 * elements above them. A passage some of whose words no reader sees (or left the page since) is
 * written again without them; one with none left is not sent (the worker chooses again). Pure DOM code.
 */
import { flatParentElement } from './flat-tree';
import { ReadBudget } from './read-budget';
import { collapse, hasWords, type BoxKind, type TextBlock, type TextSegment, type TextWriter } from './text-sink';
import { TextWalker, type ShadowRootGetter } from './text-walker';
import { Visibility } from './visibility';

/** What a reading leaves for the check: where each passage's words are, and the covers. */
export interface PassageWords {
  /** Per passage id, the segments of the text nodes that hold its words, in reading order. */
  readonly nodes: ReadonlyMap<string, readonly TextSegment[]>;
  /** The boxes the reading found placed over the page, which may cover words. */
  readonly covers: readonly Element[];
  /** The reading's text and blocks, and each passage's span in it: to write a passage again without words no reader sees. */
  readonly text: string;
  readonly blocks: readonly TextBlock[];
  readonly spans: ReadonlyMap<string, Span>;
}

/** A passage's id and its span in the reading's text. */
interface Span {
  id: string;
  start: number;
  end: number;
}

/** The check's verdict on the passages asked. */
export interface PassageVerdict {
  /** Passages that may not be sent at all: no word of theirs shows (or is still in the page), or an unknown id. */
  hidden: string[];
  /** Passages some of whose words no reader sees: their text without them, which may be sent instead. */
  cut: Array<{ id: string; text: string }>;
}

/**
 * The segments of the text nodes that hold words of each passage: those (in reading order) that
 * overlap its span. Passages are in reading order too; a node cut between two passages is in both.
 */
export function passageWords(
  collected: { text: string; segments: readonly TextSegment[]; blocks: readonly TextBlock[]; covers?: readonly Element[] },
  passages: readonly Span[],
): PassageWords {
  const segments = collected.segments;
  const nodes = new Map<string, TextSegment[]>();
  const spans = new Map<string, Span>();
  let first = 0;
  for (const p of passages) {
    while (first < segments.length && segments[first]!.end <= p.start) first++;
    const words: TextSegment[] = [];
    for (let i = first; i < segments.length && segments[i]!.start < p.end; i++) {
      // Bare white space is read whatever hides it: it proves nothing either way.
      if (hasWords(segments[i]!.node.data)) words.push(segments[i]!);
    }
    nodes.set(p.id, words);
    spans.set(p.id, p);
  }
  return { nodes, covers: collected.covers ?? [], text: collected.text, blocks: collected.blocks, spans };
}

/**
 * The text of passage `span` without the characters of `unseen` (spans of the reading's text), cut
 * as extraction cuts it: each block's part collapsed, the parts joined by line breaks. With
 * nothing left out it is the passage's own text.
 */
export function passageText(
  words: Pick<PassageWords, 'text' | 'blocks'>,
  span: Span,
  unseen: ReadonlyArray<{ start: number; end: number }>,
): string {
  const parts: string[] = [];
  for (const block of words.blocks) {
    if (block.end <= span.start) continue;
    if (block.start >= span.end) break;
    let at = Math.max(block.start, span.start);
    const end = Math.min(block.end, span.end);
    let raw = '';
    for (const u of unseen) {
      if (u.end <= at || u.start >= end) continue;
      raw += words.text.slice(at, Math.max(at, u.start));
      at = Math.min(end, Math.max(at, u.end));
    }
    raw += words.text.slice(at, end);
    const flat = collapse(raw);
    if (flat) parts.push(flat);
  }
  return parts.join('\n');
}

/**
 * The check of the passages `ids`: those that may not be sent (no word of theirs shows or is still
 * in the page, an id this reading does not know), and those some of whose words no reader sees
 * (or that left the page since), written again without them. Every other passage is drawn for a reader as it was read.
 */
export function checkPassages(
  doc: Document,
  words: PassageWords,
  ids: readonly string[],
  getShadowRoot?: ShadowRootGetter,
): PassageVerdict {
  const out: PassageVerdict = { hidden: [], cut: [] };
  const asked: string[] = [];
  const only = new Set<Node>();
  // Words that left the page since, or changed, are not seen: they are cut like hidden ones.
  const gone = (seg: TextSegment) => !seg.node.isConnected || seg.node.data.length < seg.end - seg.start;
  for (const id of ids) {
    const segments = words.nodes.get(id);
    if (segments === undefined) {
      out.hidden.push(id);
      continue;
    }
    asked.push(id);
    for (const seg of segments) {
      if (gone(seg)) continue;
      const node = seg.node;
      only.add(node);
      for (let el = flatParentElement(node); el !== null && !only.has(el); el = flatParentElement(el)) only.add(el);
    }
  }
  if (asked.length === 0) return out;
  const shown = only.size > 0 ? shownWords(doc, only, words.covers, getShadowRoot) : new Set<Text>();
  for (const id of asked) {
    const segments = words.nodes.get(id)!;
    const unseen = segments.filter((s) => gone(s) || !shown.has(s.node));
    if (unseen.length === 0) continue;
    const text = unseen.length < segments.length ? passageText(words, words.spans.get(id)!, unseen) : '';
    if (text) out.cut.push({ id, text });
    else out.hidden.push(id);
  }
  return out;
}

/** The text nodes of `only` whose words every test says are drawn; a second walk leaves out covered boxes. */
function shownWords(
  doc: Document,
  only: ReadonlySet<Node>,
  covers: readonly Element[],
  getShadowRoot: ShadowRootGetter | undefined,
): Set<Text> {
  const walk = (visibility: Visibility): WordsSink => {
    const sink = new WordsSink();
    new TextWalker(sink, visibility, new ReadBudget(doc), getShadowRoot, only).walk(doc);
    return sink;
  };
  const visibility = new Visibility(doc, null, { covers, glyphs: true });
  const first = walk(visibility);
  const covered = visibility.coveredBoxes();
  if (covered.size === 0) return first.shown;
  return walk(new Visibility(doc, covered, { covers, glyphs: true, measured: visibility.measurements })).shown;
}

/** A writer that keeps only which text nodes' words the walk read. */
class WordsSink implements TextWriter {
  readonly length = 0;
  link: Element | null = null;
  readonly cutsText = false;
  readonly shown = new Set<Text>();

  text(node: Text, _data: string, words: boolean): void {
    if (words) this.shown.add(node);
  }
  enter(_kind: BoxKind): void {}
  leave(_kind: BoxKind): void {}
  lineBreak(): void {}
  openHeading(): boolean {
    return false;
  }
  closeHeading(): void {}
}

/**
 * The check of the passages about to be sent. Reading a page (lib/page/read/extract.ts) asks each
 * element only what costs least (display, visibility, boxes clipped away): asking every element
 * of every tab all that can hide words (opacity, colour, size, transforms, clipping, covers) made
 * a reading several times slower, and most of what is read is never sent. The worker asks this
 * check of the passages it chose, before anything leaves: the same walk (lib/page/read/text-walker.ts)
 * with every test (lib/page/seen/visibility.ts), restricted to the words of those passages and the
 * elements above them. A passage some of whose words no reader sees (or left the page since) is
 * written again without them; one with none left is not sent (the worker chooses again). Pure DOM code.
 */
import type { CharRun } from '@/lib/shared/seen/measured';
import { flatParentElement } from '@/lib/page/dom/flat-tree';
import { ReadBudget } from './read-budget';
import { collapse, hasWords, type BoxKind, type TextBlock, type TextSegment, type TextWriter } from './text-sink';
import { TextWalker, type ShadowRootGetter } from './text-walker';
import { Visibility } from '@/lib/page/seen/visibility';
import { docOf } from '@/lib/page/dom/dom';
import { picturesOf, type Pictures } from '@/lib/page/seen/pictures';

/** What a reading leaves for the check: where each passage's words are, and the covers. */
export interface PassageWords {
  /** Per passage id, the segments of the text nodes that hold its words, in reading order. */
  readonly nodes: ReadonlyMap<string, readonly TextSegment[]>;
  /**
   * Per id of a passage that has a heading (its `section` in the prompt), the segments of the
   * text nodes that hold the heading's words: they are checked with the passage.
   */
  readonly headings: ReadonlyMap<string, readonly TextSegment[]>;
  /** The boxes the reading found placed over the page, which may cover words. */
  readonly covers: readonly Element[];
  /** The reading's text and blocks, and each passage's span in it: to write a passage again without words no reader sees. */
  readonly text: string;
  readonly blocks: readonly TextBlock[];
  readonly spans: ReadonlyMap<string, Span>;
}

/** A run `[start, end)` of the reading's text. */
export interface TextRange {
  start: number;
  end: number;
}

/** A passage's id and its span in the reading's text. */
export interface Span extends TextRange {
  id: string;
  /** Where the words of the heading the passage is sent with are. */
  heading?: TextRange;
  /**
   * The runs of the span that are the passage's, when not all of it is (a selection: the
   * words selected, not what lies between): its text is theirs, block by block.
   */
  parts?: readonly TextRange[];
}

/** The check's verdict on the passages asked. */
export interface PassageVerdict {
  /** Passages that may not be sent at all: no word of theirs shows (or is still in the page), or an unknown id. */
  hidden: string[];
  /** Passages some of whose words no reader sees: their text without them, which may be sent instead. */
  cut: Array<{ id: string; text: string }>;
  /** Passages (not hidden) whose heading has words no reader sees: sent without their heading. */
  noHeading: string[];
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
  const headings = new Map<string, readonly TextSegment[]>();
  const spans = new Map<string, Span>();
  /** The words of each heading, by where it starts: a section's passages share them. */
  const headingWords = new Map<string, TextSegment[]>();
  for (const p of passages) {
    const words: TextSegment[] = [];
    for (const part of p.parts ?? [p]) {
      for (const seg of segmentsIn(segments, part)) if (words.at(-1) !== seg) words.push(seg);
    }
    nodes.set(p.id, words);
    spans.set(p.id, p);
    if (p.heading) {
      const at = `${p.heading.start}:${p.heading.end}`;
      let heading = headingWords.get(at);
      if (heading === undefined) headingWords.set(at, (heading = segmentsIn(segments, p.heading)));
      headings.set(p.id, heading);
    }
  }
  return { nodes, headings, covers: collected.covers ?? [], text: collected.text, blocks: collected.blocks, spans };
}

/** The segments (in reading order) that overlap `range` and hold words. */
function segmentsIn(segments: readonly TextSegment[], range: TextRange): TextSegment[] {
  // The first segment that ends after the range starts.
  let lo = 0;
  let hi = segments.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (segments[mid]!.end <= range.start) lo = mid + 1;
    else hi = mid;
  }
  const out: TextSegment[] = [];
  for (let i = lo; i < segments.length && segments[i]!.start < range.end; i++) {
    // Bare white space is read whatever hides it: it proves nothing either way.
    if (hasWords(segments[i]!.node.data)) out.push(segments[i]!);
  }
  return out;
}

/**
 * The text of `parts` (runs of the reading's text, in order, apart), cut as extraction cuts it:
 * within each block the runs' characters joined and collapsed, the blocks joined by line breaks.
 */
export function textOfParts(words: Pick<PassageWords, 'text' | 'blocks'>, parts: readonly TextRange[]): string {
  const out: string[] = [];
  let k = 0;
  for (const block of words.blocks) {
    while (k < parts.length && parts[k]!.end <= block.start) k++;
    if (k === parts.length) break;
    let raw = '';
    for (let j = k; j < parts.length && parts[j]!.start < block.end; j++) {
      raw += words.text.slice(Math.max(block.start, parts[j]!.start), Math.min(block.end, parts[j]!.end));
    }
    const flat = collapse(raw);
    if (flat) out.push(flat);
  }
  return out.join('\n');
}

/** `parts` without the characters of `unseen` (both in order). */
function without(parts: readonly TextRange[], unseen: readonly TextRange[]): TextRange[] {
  const out: TextRange[] = [];
  for (const part of parts) {
    let at = part.start;
    for (const u of unseen) {
      if (u.end <= at || u.start >= part.end) continue;
      if (u.start > at) out.push({ start: at, end: u.start });
      at = Math.max(at, u.end);
    }
    if (at < part.end) out.push({ start: at, end: part.end });
  }
  return out;
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
  const out: PassageVerdict = { hidden: [], cut: [], noHeading: [] };
  const asked: string[] = [];
  const only = new Set<Node>();
  // Words that left the page since, or changed, are not seen: they are cut like hidden ones.
  const gone = (seg: TextSegment) => changedSince(words.text, seg);
  for (const id of ids) {
    const segments = words.nodes.get(id);
    if (segments === undefined) {
      out.hidden.push(id);
      continue;
    }
    asked.push(id);
    for (const seg of [...segments, ...(words.headings.get(id) ?? [])]) {
      if (gone(seg)) continue;
      const node = seg.node;
      only.add(node);
      for (let el = flatParentElement(node); el !== null && !only.has(el); el = flatParentElement(el)) only.add(el);
    }
  }
  if (asked.length === 0) return out;
  const { shown, partly } = only.size > 0 ? shownWords(doc, only, words.covers, getShadowRoot) : NOTHING_SHOWN;
  return verdictOf(words, asked, (s) => (gone(s) || !shown.has(s.node) ? ALL : partOf(s, partly.get(s.node))), out);
}

/**
 * `checkPassages`, with the pictures behind their words settled by their pixels (`settledVerdict`).
 */
export async function checkPassagesSettled(
  doc: Document,
  words: PassageWords,
  ids: readonly string[],
  getShadowRoot?: ShadowRootGetter,
): Promise<PassageVerdict> {
  return settledVerdict(doc, words, ids, checkPassages(doc, words, ids, getShadowRoot), getShadowRoot);
}

/**
 * A check's `verdict` on the passages `ids`, once the pictures behind their words are read: a
 * walk that met pictures not read yet (their words counted unseen) waits for them, within a time
 * limit (lib/page/seen/pictures.ts), and the passages are checked again; otherwise the verdict stands.
 */
export async function settledVerdict(
  doc: Document,
  words: PassageWords,
  ids: readonly string[],
  verdict: PassageVerdict,
  getShadowRoot?: ShadowRootGetter,
): Promise<PassageVerdict> {
  const pictures = picturesOfDoc(doc);
  if (pictures === null || !pictures.pending) return verdict;
  await pictures.settle();
  return checkPassages(doc, words, ids, getShadowRoot);
}

/** The pictures of `doc`'s window; null for a document with no window (no layout: nothing is measured). */
export function picturesOfDoc(doc: Document): Pictures | null {
  const view = docOf.view(doc);
  return view === null ? null : picturesOf(view);
}

/** A check that measured nothing. */
const NOTHING_SHOWN: Shown = { shown: new Set(), partly: new Map() };

/** Of a segment: all its words unseen, or the runs of it unseen (none: all seen). */
const ALL = 'all' as const;
type UnseenOf = (s: TextSegment) => typeof ALL | readonly TextRange[];

/** The runs (in the reading's text) of segment `s` that lie in `runs` of its node's characters. */
function partOf(s: TextSegment, runs: readonly CharRun[] | undefined): readonly TextRange[] {
  if (runs === undefined) return [];
  const out: TextRange[] = [];
  const length = s.end - s.start;
  for (const [a, b] of runs) {
    if (a >= length) break;
    out.push({ start: s.start + a, end: s.start + Math.min(b, length) });
  }
  return out;
}

/**
 * The verdict on every passage of a reading made with every test (`extractPage` with `check`): the
 * words it marked unseen (`unseen`) and those in the boxes it found covered after the walk
 * (`covered`) are left out, as the check before sending leaves them out. Nothing can change between
 * that walk and this (one task): no word is read again.
 */
export function checkedVerdict(
  words: PassageWords,
  unseen: ReadonlySet<Text>,
  covered: ReadonlySet<Element>,
  partly: ReadonlyMap<Text, readonly CharRun[]> = new Map(),
): PassageVerdict {
  const ids = [...words.spans.keys()];
  const inside = new Map<Text, boolean>();
  const isCovered = (node: Text): boolean => {
    if (covered.size === 0) return false;
    let known = inside.get(node);
    if (known === undefined) inside.set(node, (known = insideAny(node, covered)));
    return known;
  };
  const unseenOf: UnseenOf = (seg) => (unseen.has(seg.node) || isCovered(seg.node) ? ALL : partOf(seg, partly.get(seg.node)));
  return verdictOf(words, ids, unseenOf, { hidden: [], cut: [], noHeading: [] });
}

/**
 * The verdict on the passages `asked` (all known to `words`), given which of their segments no
 * reader sees: a passage none of whose words is seen is hidden, one with some is cut to the rest,
 * and a heading with an unseen word goes.
 */
function verdictOf(words: PassageWords, asked: readonly string[], unseenOf: UnseenOf, out: PassageVerdict): PassageVerdict {
  const runsOf = (s: TextSegment): readonly TextRange[] => {
    const u = unseenOf(s);
    return u === ALL ? [{ start: s.start, end: s.end }] : u;
  };
  for (const id of asked) {
    const segments = words.nodes.get(id)!;
    const span = words.spans.get(id)!;
    const unseen = segments.flatMap(runsOf);
    // A heading goes with the passage only when a reader sees all of it; one that cannot be
    // told (its words not found) is not seen either.
    const heading = words.headings.get(id);
    const headingUnseen =
      span.heading !== undefined && (heading === undefined || heading.length === 0 || heading.some((s) => runsOf(s).length > 0));
    if (unseen.length === 0) {
      if (headingUnseen) out.noHeading.push(id);
      continue;
    }
    // (What is left may be white space alone: then nothing is.)
    const text = span.parts ? textOfParts(words, without(span.parts, unseen)) : passageText(words, span, unseen);
    if (!text) {
      out.hidden.push(id);
      continue;
    }
    out.cut.push({ id, text });
    if (headingUnseen) out.noHeading.push(id);
  }
  return out;
}

/**
 * Whether the words the reading took from `seg`'s node are no longer there: the node left the
 * page, or its data no longer begins with them (the reading may have cut a node's data at its
 * size budget, so what follows them does not count). The words themselves are compared, not
 * their count: words swapped since for others of the same length are not the words read.
 */
export function changedSince(text: string, seg: TextSegment): boolean {
  if (!seg.node.isConnected) return true;
  const data = seg.node.data;
  const length = seg.end - seg.start;
  if (data.length < length) return true;
  return data.length === length ? data !== text.slice(seg.start, seg.end) : !data.startsWith(text.slice(seg.start, seg.end));
}

/** What the check's walk says of the words it was asked: the text nodes seen, and of those, the runs of characters not seen. */
interface Shown {
  shown: Set<Text>;
  partly: ReadonlyMap<Text, readonly CharRun[]>;
}

/** The text nodes of `only` whose words every test says are drawn, but for those in boxes another box covers. */
function shownWords(
  doc: Document,
  only: ReadonlySet<Node>,
  covers: readonly Element[],
  getShadowRoot: ShadowRootGetter | undefined,
): Shown {
  const walk = (visibility: Visibility): WordsSink => {
    const sink = new WordsSink();
    new TextWalker(sink, visibility, new ReadBudget(doc), getShadowRoot, only).walk(doc);
    return sink;
  };
  const visibility = new Visibility(doc, null, { covers, glyphs: true });
  const first = walk(visibility);
  const covered = visibility.coveredBoxes();
  const partly = visibility.partlyHidden;
  if (covered.size === 0) return { shown: first.shown, partly };
  // A box found covered is left out with all it holds, and leaving it out changes nothing else the
  // walk measured: the words it read are kept but for those inside a covered box (no second walk).
  const shown = new Set<Text>();
  for (const node of first.shown) if (!insideAny(node, covered)) shown.add(node);
  return { shown, partly };
}

/** Whether `node` is inside one of `boxes` (in the flat tree). */
function insideAny(node: Text, boxes: ReadonlySet<Element>): boolean {
  for (let el = flatParentElement(node); el !== null; el = flatParentElement(el)) if (boxes.has(el)) return true;
  return false;
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

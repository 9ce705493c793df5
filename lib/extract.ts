/**
 * Extraction: a page's visible text, block by block, cut into passages of a few sentences.
 *
 * Passages keep the page's real characters (only whitespace runs become single spaces), so a
 * model quoting them quotes words that anchoring can find again in the live page. Pure DOM code.
 */
import { collectText, collapse, type CollectOptions, type CollectedText } from './dom-text';
import { normalize } from './normalize';
import type { PageText, Passage } from './types';

export interface ExtractOptions extends CollectOptions {
  /** Blocks shorter than this may be merged with their neighbours; passages aim above it. */
  minChars?: number;
  /** No passage is longer, except that nothing ever cuts inside a word. */
  maxChars?: number;
  /** The user's selected text: when non-empty, the first passage (`selection: true`, order -1). */
  selection?: string;
}

export const DEFAULT_MIN_CHARS = 200;
export const DEFAULT_MAX_CHARS = 600;

/** A passage and the span `[start, end)` of `CollectedText.text` it was cut from. */
export interface LaidOutPassage {
  text: string;
  heading?: string;
  order: number;
  start: number;
  end: number;
}

/** Reads `doc`'s visible text and cuts it into passages. */
export function extractPage(doc: Document, options: ExtractOptions = {}): PageText {
  const collected = collectText(doc, options);
  const laidOut = layoutPassages(collected, options);

  const passages: Passage[] = [];
  const used = new Set<string>();
  const selection = collapse(options.selection ?? '');
  if (selection) {
    const id = uniqueId('s' + fnv1a(normalize(selection)), used);
    passages.push({ id, text: selection, selection: true, order: -1 });
  }
  const seen = new Map<string, number>();
  for (const p of laidOut) {
    const norm = normalize(p.text);
    const k = seen.get(norm) ?? 0;
    seen.set(norm, k + 1);
    const id = uniqueId(fnv1a(k === 0 ? norm : `${norm}\u241f${k}`), used);
    const passage: Passage = { id, text: p.text, order: p.order };
    if (p.heading !== undefined) passage.heading = p.heading;
    passages.push(passage);
  }

  let chars = 0;
  for (const b of collected.blocks) chars += collapse(collected.text.slice(b.start, b.end)).length;

  return {
    url: doc.URL || doc.location?.href || '',
    title: collapse(doc.title ?? ''),
    passages,
    chars,
  };
}

interface Unit {
  text: string;
  start: number;
  end: number;
  heading?: string;
  /** Units that may be merged with each other share a key; unmergeable units have none. */
  mergeKey?: string;
}

/**
 * The passages of already collected text, with their spans in `collected.text`, in reading
 * order. Anchoring uses it to find where a cited passage sits in the live page.
 */
export function layoutPassages(
  collected: CollectedText,
  options: { minChars?: number; maxChars?: number } = {},
): LaidOutPassage[] {
  const maxChars = Math.max(20, options.maxChars ?? DEFAULT_MAX_CHARS);
  const minChars = Math.min(options.minChars ?? DEFAULT_MIN_CHARS, maxChars);
  const { text, blocks } = collected;
  const units: Unit[] = [];

  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const { text: flat, map } = collapseWithMap(text, block.start, block.end);
    if (!flat) continue;
    if (block.headingLevel !== undefined) {
      // A heading is the `heading` of the passages under it; it is a passage of its own only
      // when nothing but headings sits under it (a list of headlines, say).
      if (!isOrphanHeading(blocks, i)) continue;
      const unit: Unit = { text: flat, start: map[0]!, end: map[flat.length - 1]! + 1 };
      if (block.heading !== undefined) unit.heading = block.heading;
      if (flat.length < minChars) unit.mergeKey = 'headings';
      units.push(unit);
      continue;
    }
    const pieces = cutText(flat, minChars, maxChars);
    for (const [a, b] of pieces) {
      const unit: Unit = { text: flat.slice(a, b), start: map[a]!, end: map[b - 1]! + 1 };
      if (block.heading !== undefined) unit.heading = block.heading;
      if (pieces.length === 1 && flat.length < minChars) unit.mergeKey = `s${block.section}`;
      units.push(unit);
    }
  }

  // Very short neighbours of one section (list items, table rows, short lines) go together.
  const mergeTarget = Math.max(minChars, Math.floor((minChars + maxChars) / 2));
  const out: LaidOutPassage[] = [];
  for (let i = 0; i < units.length; ) {
    const first = units[i]!;
    let textOut = first.text;
    let end = first.end;
    let j = i + 1;
    if (first.mergeKey !== undefined) {
      while (j < units.length) {
        const next = units[j]!;
        if (next.mergeKey !== first.mergeKey) break;
        if (textOut.length >= mergeTarget || textOut.length + 1 + next.text.length > maxChars) break;
        textOut += '\n' + next.text;
        end = next.end;
        j++;
      }
    }
    const passage: LaidOutPassage = { text: textOut, order: out.length, start: first.start, end };
    if (first.heading !== undefined) passage.heading = first.heading;
    out.push(passage);
    i = j;
  }
  return out;
}

/** True when no content block sits under the heading at `i` before a heading of its rank. */
function isOrphanHeading(blocks: CollectedText['blocks'], i: number): boolean {
  const block = blocks[i]!;
  const level = block.headingLevel!;
  for (let j = i + 1; j < blocks.length; j++) {
    const b = blocks[j]!;
    if (b.headingLevel === undefined) return false;
    if (b.section !== block.section && b.headingLevel <= level) return true;
  }
  return true;
}

/**
 * Cuts whitespace-collapsed text into pieces `[start, end)` of whole sentences, each at most
 * `maxChars` long unless one sentence is longer (that one is cut between words). Pieces are
 * balanced so that a block slightly longer than `maxChars` does not leave a tiny tail.
 */
export function cutText(text: string, minChars: number, maxChars: number): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  const push = (a: number, b: number): void => {
    while (a < b && text[a] === ' ') a++;
    while (b > a && text[b - 1] === ' ') b--;
    if (b > a) pieces.push([a, b]);
  };
  if (text.length <= maxChars) {
    push(0, text.length);
    return pieces;
  }
  const target = Math.max(minChars, Math.ceil(text.length / Math.ceil(text.length / maxChars)));
  let curStart = -1;
  let curEnd = -1;
  for (const [s, e] of sentences(text)) {
    if (curStart >= 0 && (e - curStart > maxChars || curEnd - curStart >= target)) {
      push(curStart, curEnd);
      curStart = -1;
    }
    if (e - s > maxChars) {
      if (curStart >= 0) push(curStart, curEnd);
      curStart = -1;
      for (const [a, b] of cutBetweenWords(text, s, e, maxChars)) push(a, b);
      continue;
    }
    if (curStart < 0) curStart = s;
    curEnd = e;
  }
  if (curStart >= 0) push(curStart, curEnd);
  return pieces;
}

function sentences(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (typeof Segmenter === 'function') {
    for (const seg of new Segmenter(undefined, { granularity: 'sentence' }).segment(text)) {
      out.push([seg.index, seg.index + seg.segment.length]);
    }
    return out;
  }
  // Without Intl.Segmenter: after ., ! or ? (and closing marks) followed by a space.
  const re = /[.!?…]+["'”’)\]]*\s+/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push([last, m.index + m[0].length]);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push([last, text.length]);
  return out;
}

/** Cuts `[start, end)` into pieces of at most `maxChars`, at spaces or else word boundaries. */
function cutBetweenWords(
  text: string,
  start: number,
  end: number,
  maxChars: number,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let a = start;
  while (end - a > maxChars) {
    const limit = a + maxChars;
    let cut = text.lastIndexOf(' ', limit);
    if (cut <= a + maxChars / 2) cut = wordBoundaryBefore(text, a, limit);
    if (cut <= a) cut = limit;
    // Never between the halves of a surrogate pair.
    const code = text.charCodeAt(cut);
    if (code >= 0xdc00 && code <= 0xdfff) cut--;
    out.push([a, cut]);
    a = cut;
    while (a < end && text[a] === ' ') a++;
  }
  if (a < end) out.push([a, end]);
  return out;
}

/** The last word boundary in `(from, limit]` (for scripts without spaces), or -1. */
function wordBoundaryBefore(text: string, from: number, limit: number): number {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (typeof Segmenter !== 'function') return -1;
  let best = -1;
  const slice = text.slice(from, limit + 1);
  for (const seg of new Segmenter(undefined, { granularity: 'word' }).segment(slice)) {
    if (seg.index > 0 && seg.index <= limit - from) best = from + seg.index;
  }
  return best;
}

/**
 * Collapses whitespace runs in `source.slice(from, to)` to single spaces, trimmed, and keeps for
 * each output character the offset in `source` it came from (a space: the run's first char).
 */
function collapseWithMap(source: string, from: number, to: number): { text: string; map: number[] } {
  let text = '';
  const map: number[] = [];
  const slice = source.slice(from, to);
  let prevEnd = -1;
  for (const m of slice.matchAll(/\S+/g)) {
    const at = m.index;
    if (prevEnd >= 0) {
      text += ' ';
      map.push(from + prevEnd);
    }
    text += m[0];
    for (let k = 0; k < m[0].length; k++) map.push(from + at + k);
    prevEnd = at + m[0].length;
  }
  return { text, map };
}

/** FNV-1a (32 bits) of the UTF-16 code units of `s`, in base 36. */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function uniqueId(id: string, used: Set<string>): string {
  let out = id;
  for (let k = 1; used.has(out); k++) out = `${id}_${k}`;
  used.add(out);
  return out;
}

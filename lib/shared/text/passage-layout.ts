/**
 * Cutting a text into passages of a few sentences, from its blocks (paragraphs, headings, cells):
 * the same cutting for a web page's text (lib/page/read/extract.ts walks the DOM into blocks) and for
 * a PDF's (lib/offscreen/pdf-passages.ts builds blocks from pdf.js's text items). Pure: text in,
 * spans out.
 */

/** A run of text between two block boundaries; lib/page/read/dom-text.ts's `TextBlock` has this shape. */
export interface LayoutBlock {
  start: number;
  end: number;
  /** The text (whitespace collapsed) of the nearest heading above the block. */
  heading?: string;
  /** Set when the block is (part of) a heading itself: its level, 1–6. */
  headingLevel?: number;
  /** Headings started before the block: blocks of one section, and the heading that opens it, share it. */
  section: number;
}

/** A text and its blocks, in reading order; lib/page/read/dom-text.ts's `CollectedText` has this shape. */
export interface LayoutText {
  text: string;
  blocks: LayoutBlock[];
}

/** Whitespace runs that are not a single space: what `collapse` rewrites. */
const SPACE_RUN = /[^\S ]\s*| \s+/g;

/**
 * Whitespace runs become single spaces, and the ends are trimmed. Only the runs that change are
 * matched (most of a page's spaces are single already): the same result as replacing `/\s+/g`.
 */
function collapse(s: string): string {
  return s.trim().replace(SPACE_RUN, ' ');
}

/**
 * A passage of a few sentences (about a paragraph) in the spaced scripts. Longer passages keep
 * more of a paragraph together, which is what ranking finds and what the model needs; a quote is
 * still a sentence of it. Measured in eval/rank.ts: 200-600 put the answer in the first fragment
 * for 0.924 of the English questions, 300-900 for 0.941.
 */
export const DEFAULT_MIN_CHARS = 300;
export const DEFAULT_MAX_CHARS = 900;
/**
 * Chinese, Japanese and Korean say in one character what the spaced scripts say in two to four:
 * where they are most of the text, the default bounds are halved, so that a passage holds about
 * as many sentences in every language.
 */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const ANY_DENSE = new RegExp(DENSE_SCRIPT.source, 'u');
const DENSE_SAMPLE = 20_000;

/** A character of Hangul Jamo, CJK, Hangul, a high surrogate, CJK compatibility or halfwidth/fullwidth forms. */
const MAY_BE_DENSE = /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\udbff\uf900-\ufaff\uff00-\uffef]/;

/**
 * False only when `text` has no character of Han, Hiragana, Katakana or Hangul: every such
 * character is in one of these blocks (or, beyond the first plane, behind a high surrogate).
 */
export function mayBeDense(text: string): boolean {
  return MAY_BE_DENSE.test(text);
}

/** The passage bounds for `text` when the options do not set them. */
export function defaultBounds(text: string): { minChars: number; maxChars: number } {
  const sample = text.slice(0, DENSE_SAMPLE);
  // Most pages have none of those scripts: a search for their blocks says so, without a search
  // by script or counting letters.
  if (!mayBeDense(sample) || !ANY_DENSE.test(sample)) return { minChars: DEFAULT_MIN_CHARS, maxChars: DEFAULT_MAX_CHARS };
  const letters = sample.replace(/[\s\p{P}\p{N}]+/gu, '').length;
  const dense = sample.match(DENSE_SCRIPT)?.length ?? 0;
  const scale = letters > 0 && dense / letters > 0.5 ? 0.5 : 1;
  return { minChars: DEFAULT_MIN_CHARS * scale, maxChars: DEFAULT_MAX_CHARS * scale };
}
/** A passage and the span `[start, end)` of `LayoutText.text` it was cut from. */
export interface LaidOutPassage {
  text: string;
  heading?: string;
  order: number;
  start: number;
  end: number;
}

interface Unit {
  text: string;
  start: number;
  end: number;
  /** The nearest heading above the unit's block. */
  heading?: string;
  section: number;
  /** For a heading's own unit: its level. */
  level?: number;
  /** A whole block shorter than `minChars`: it may share a passage with its short neighbours. */
  short: boolean;
}

/**
 * The passages of already collected text, with their spans in `collected.text`, in reading
 * order. Anchoring uses it to find where a cited passage sits in the live page.
 *
 * A heading goes with what is under it: the deeper headings right below it and the first piece
 * of its section, when that fits. Short blocks of one section (list items, table rows, short
 * lines) share a passage; headings with nothing under them (a list of headlines) too.
 */
export function layoutPassages(collected: LayoutText, options: { minChars?: number; maxChars?: number } = {}): LaidOutPassage[] {
  const bounds = options.maxChars === undefined || options.minChars === undefined ? defaultBounds(collected.text) : null;
  const maxChars = Math.max(20, options.maxChars ?? bounds!.maxChars);
  const minChars = Math.min(options.minChars ?? bounds!.minChars, maxChars);
  const units: Unit[] = [];
  for (const block of collected.blocks) addUnits(units, collected.text, block, minChars, maxChars);

  // Very short neighbours of one section (list items, table rows, short lines) go together.
  const mergeTarget = Math.max(minChars, Math.floor((minChars + maxChars) / 2));
  const out: LaidOutPassage[] = [];
  for (let i = 0; i < units.length;) {
    const first = units[i]!;
    let length = first.text.length;
    let joined: string[] | null = null; // the units' texts, once there are two
    let last = first;
    let j = i + 1;
    for (; j < units.length; j++) {
      const next = units[j]!;
      if (length + 1 + next.text.length > maxChars) break;
      let joins: boolean;
      if (last.level !== undefined) {
        const under = next.level === undefined ? next.section === last.section : next.level > last.level;
        // Headings with nothing under them, one after the other, are a list of headlines.
        const headlines = next.level !== undefined && length < mergeTarget;
        joins = under || headlines;
      } else {
        joins = next.level === undefined && last.short && next.short && next.section === last.section && length < mergeTarget;
      }
      if (!joins) break;
      (joined ??= [first.text]).push(next.text);
      length += 1 + next.text.length;
      last = next;
    }
    const text = joined ? joined.join('\n') : first.text;
    const passage: LaidOutPassage = { text, order: out.length, start: first.start, end: last.end };
    if (first.heading !== undefined) passage.heading = first.heading;
    out.push(passage);
    i = j;
  }
  return out;
}

/** The units of one block: the block itself, or its pieces when it is longer than `maxChars`. */
function addUnits(units: Unit[], text: string, block: LayoutBlock, minChars: number, maxChars: number): void {
  const raw = text.slice(block.start, block.end);
  const flat = collapse(raw);
  if (!flat) return;
  // The headings right above a section's first block ride on top of its first piece: room is
  // left for them (when they are not long themselves), so that they are not a passage alone.
  let room = maxChars;
  if (block.headingLevel === undefined) {
    let above = 0;
    for (let k = units.length - 1; k >= 0 && units[k]!.level !== undefined; k--) above += units[k]!.text.length + 1;
    if (above > 0 && above <= maxChars / 3) room = maxChars - above;
  }
  const pieces = flat.length <= room ? null : cutText(flat, Math.min(minChars, room), room);
  // Where each piece starts and ends in the page's text: at its first and after its last character.
  if (pieces === null || pieces.length === 1) {
    let a = 0;
    let b = raw.length - 1;
    while (isSpace(raw.charCodeAt(a))) a++;
    while (isSpace(raw.charCodeAt(b))) b--;
    units.push(unitOf(block, flat, block.start + a, block.start + b + 1, flat.length < minChars));
    return;
  }
  const wanted: number[] = [];
  for (const [a, b] of pieces) wanted.push(a, b - 1);
  const at = sourceOffsets(raw, wanted);
  for (let k = 0; k < pieces.length; k++) {
    const [a, b] = pieces[k]!;
    units.push(unitOf(block, flat.slice(a, b), block.start + at[2 * k]!, block.start + at[2 * k + 1]! + 1, false));
  }
}

function unitOf(block: LayoutBlock, text: string, start: number, end: number, short: boolean): Unit {
  // Built whole, with no key added or deleted after: every unit of one shape.
  const unit: Unit = { section: block.section, text, start, end, short };
  if (block.heading !== undefined) unit.heading = block.heading;
  if (block.headingLevel !== undefined) unit.level = block.headingLevel;
  return unit;
}

/** True for the characters that `\s` matches, which `collapse` turns into single spaces. */
function isSpace(code: number): boolean {
  if (code <= 0xff) return code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
  return /\s/.test(String.fromCharCode(code));
}

/**
 * For offsets into `collapse(raw)`, ascending and each on a character that is not a space, the
 * offsets of the same characters in `raw`.
 */
function sourceOffsets(raw: string, wanted: number[]): number[] {
  const out: number[] = [];
  let r = 0;
  let c = 0;
  let k = 0;
  while (r < raw.length && isSpace(raw.charCodeAt(r))) r++;
  while (k < wanted.length && r < raw.length) {
    if (isSpace(raw.charCodeAt(r))) {
      while (r < raw.length && isSpace(raw.charCodeAt(r))) r++;
      c++; // one space in the collapsed text
      continue;
    }
    while (k < wanted.length && wanted[k] === c) {
      out.push(r);
      k++;
    }
    r++;
    c++;
  }
  return out;
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
  let e = 0;
  for (const end of sentenceEnds(text)) {
    const s = e;
    e = end;
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

let sentenceSegmenter: Intl.Segmenter | null | undefined;

/** Where each sentence of `text` ends: the first starts at 0, each of the others where the one before ends. */
function sentenceEnds(text: string): number[] {
  const out: number[] = [];
  if (sentenceSegmenter === undefined) {
    const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
    sentenceSegmenter = typeof Segmenter === 'function' ? new Segmenter(undefined, { granularity: 'sentence' }) : null;
  }
  if (sentenceSegmenter) {
    for (const seg of sentenceSegmenter.segment(text)) if (seg.index > 0) out.push(seg.index);
    out.push(text.length);
    return out;
  }
  // Without Intl.Segmenter: after ., ! or ? (and closing marks) followed by a space.
  const re = /[.!?…]+["'”’)\]]*\s+/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    last = m.index + m[0].length;
    out.push(last);
  }
  if (last < text.length) out.push(text.length);
  return out;
}

/** Cuts `[start, end)` into pieces of at most `maxChars`, at spaces or else word boundaries. */
function cutBetweenWords(text: string, start: number, end: number, maxChars: number): Array<[number, number]> {
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

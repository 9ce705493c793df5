/**
 * The one normalisation that every comparison of quoted text goes through: the verifier (model
 * literal against fragment), the ranking's folding and the anchoring of a quote in the live page.
 * Using one module is what makes "verified" and "highlighted" mean the same words.
 *
 * It forgives typographic drift only: whitespace runs, quote marks, dashes, invisible characters,
 * composed/decomposed accents and case. It never forgives a different word.
 */

/** Normalised text plus, for each of its characters, the source span it came from. */
export interface NormalizedText {
  text: string;
  /** `starts[i]` and `ends[i]` bound the source characters that produced `text[i]`. */
  starts: number[];
  ends: number[];
}

const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/u;
const SPACE = /[\s\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/u;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u2035\u0060\u00B4\u02BC]/u;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u2036\u00AB\u00BB\u301D\u301E\uFF02]/u;
const DASHES = /[\u2010-\u2015\u2212\u2E3A\u2E3B\uFE58\uFE63\uFF0D]/u;
const COMBINING_MARK = /\p{M}/u;

function foldCluster(cluster: string): string {
  if (INVISIBLE.test(cluster)) return '';
  if (SINGLE_QUOTES.test(cluster)) return "'";
  if (DOUBLE_QUOTES.test(cluster)) return '"';
  if (DASHES.test(cluster)) return '-';
  if (cluster === '\u2026') return '...';
  return cluster.normalize('NFC').toLowerCase();
}

/** Source span `[start, end)` of the normalised match `[from, to)`. */
export function sourceSpan(n: NormalizedText, from: number, to: number): [number, number] {
  return [n.starts[from]!, n.ends[to - 1]!];
}

/**
 * Normalises `source` and keeps the way back to it, so a match in normalised text can be turned
 * into source offsets (and from there into DOM ranges).
 */
export function normalizeWithMap(source: string): NormalizedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let pendingSpace = -1; // source offset of a whitespace run not yet emitted
  let i = 0;
  while (i < source.length) {
    const start = i;
    const cp = source.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    // A base character and the combining marks after it are one unit, so that "é" and "e\u0301"
    // fold to the same text.
    while (i < source.length && COMBINING_MARK.test(String.fromCodePoint(source.codePointAt(i)!))) {
      i += source.codePointAt(i)! > 0xffff ? 2 : 1;
    }
    const cluster = source.slice(start, i);
    if (SPACE.test(cluster)) {
      if (pendingSpace < 0) pendingSpace = start;
      continue;
    }
    const folded = foldCluster(cluster);
    if (folded === '') continue;
    if (pendingSpace >= 0) {
      if (text.length > 0) {
        text += ' ';
        starts.push(pendingSpace);
        ends.push(pendingSpace + 1);
      }
      pendingSpace = -1;
    }
    text += folded;
    for (let k = 0; k < folded.length; k++) {
      starts.push(start);
      ends.push(i);
    }
  }
  return { text, starts, ends };
}

export function normalize(source: string): string {
  return normalizeWithMap(source).text;
}

/** True when `needle` occurs in `haystack` once both are normalised. */
export function containsNormalized(haystack: string, needle: string): boolean {
  const n = normalize(needle);
  return n.length > 0 && normalize(haystack).includes(n);
}

/**
 * The one normalisation that every comparison of quoted text goes through: the verifier (model
 * literal against fragment), the ranking's folding and the anchoring of a quote in the live page.
 * Using one module is what makes "verified" and "highlighted" mean the same words.
 *
 * It forgives typographic drift only: whitespace runs, quote marks, dashes, invisible characters,
 * composed/decomposed accents and case. It never forgives a different word.
 */
import { FNV_OFFSET, FNV_PRIME, fnv1aUnits } from '@/lib/shared/core/fnv1a';

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

/** A space for whitespace (a run of it becomes one space), else what the cluster folds to. */
function foldSpaceOrCluster(cluster: string): string {
  return SPACE.test(cluster) ? ' ' : foldCluster(cluster);
}

/** `foldSpaceOrCluster` of single UTF-16 units, remembered: a page uses few distinct characters. */
const unitFolds = new Map<number, string>();

function foldUnit(c: number): string {
  let folded = unitFolds.get(c);
  if (folded === undefined) {
    folded = foldSpaceOrCluster(String.fromCharCode(c));
    unitFolds.set(c, folded);
  }
  return folded;
}

function foldCluster(cluster: string): string {
  if (INVISIBLE.test(cluster)) return '';
  if (SINGLE_QUOTES.test(cluster)) return "'";
  if (DOUBLE_QUOTES.test(cluster)) return '"';
  if (DASHES.test(cluster)) return '-';
  if (cluster === '\u2026') return '...';
  // Greek has two lower-case sigmas; upper case has one. Fold both to σ so case never matters.
  return cluster
    .normalize('NFC')
    .toLowerCase()
    .replace(/\u03C2/g, '\u03C3');
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
  const starts: number[] = [];
  const ends: number[] = [];
  return { text: fold(source, starts, ends), starts, ends };
}

/**
 * True for a UTF-16 unit that, on its own and with no combining mark after it, folds to itself
 * or to its ASCII lower case: the bulk of most pages (ASCII letters, digits and punctuation, CJK
 * ideographs, kana). Everything else goes through `foldCluster`, one cluster at a time.
 */
function isPlain(c: number): boolean {
  if (c < 0x80) return c > 32 && c !== 0x60 && c !== 0x7f; // not a space, a control or a backtick
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3041 && c <= 0x3096) || (c >= 0x30a1 && c <= 0x30fa);
}

/** True when `c` can never be a combining mark, so the unit before it is a cluster on its own. */
function cannotCombine(c: number): boolean {
  return c < 0x300 || isPlain(c);
}

/**
 * The normalisation, with the source span of every output character pushed to `starts`/`ends`
 * when they are given. Runs of plain units are copied in one slice (lower-cased, which for them
 * is per character); other characters are folded cluster by cluster, as the rules above say.
 */
function fold(source: string, starts: number[] | null, ends: number[] | null): string {
  const parts: string[] = [];
  let length = 0; // of the output so far, plain run excluded
  let runStart = -1; // start of a run of plain units not yet copied
  let pendingSpace = -1; // source offset of a whitespace run not yet emitted
  const n = source.length;

  const flushRun = (end: number): void => {
    if (runStart < 0) return;
    parts.push(source.slice(runStart, end).toLowerCase());
    length += end - runStart;
    runStart = -1;
  };
  const emitPendingSpace = (): void => {
    if (pendingSpace < 0) return;
    if (length > 0) {
      parts.push(' ');
      length++;
      if (starts && ends) {
        starts.push(pendingSpace);
        ends.push(pendingSpace + 1);
      }
    }
    pendingSpace = -1;
  };

  let i = 0;
  while (i < n) {
    // The longest run of plain units from i; its last unit stays out if a mark may follow it.
    // A single space between two plain units folds to itself, so it does not end the run.
    let j = i;
    while (j < n) {
      const d = source.charCodeAt(j);
      if (isPlain(d)) j++;
      else if (d === 32 && (j > i || runStart >= 0) && j + 1 < n && isPlain(source.charCodeAt(j + 1))) j++;
      else break;
    }
    if (j < n && j > i && !cannotCombine(source.charCodeAt(j))) j--;
    if (j > i) {
      if (runStart < 0) {
        emitPendingSpace();
        runStart = i;
      }
      if (starts && ends) {
        for (let k = i; k < j; k++) {
          starts.push(k);
          ends.push(k + 1);
        }
      }
      i = j;
      continue;
    }
    const c = source.charCodeAt(i);
    if ((c === 32 || (c >= 9 && c <= 13)) && (i + 1 === n || cannotCombine(source.charCodeAt(i + 1)))) {
      flushRun(i);
      if (pendingSpace < 0) pendingSpace = i;
      i++;
      continue;
    }
    flushRun(i);
    const start = i;
    const cp = source.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    // A base character and the combining marks after it are one unit, so that "é" and "e\u0301"
    // fold to the same text.
    while (i < n && !cannotCombine(source.charCodeAt(i)) && COMBINING_MARK.test(String.fromCodePoint(source.codePointAt(i)!))) {
      i += source.codePointAt(i)! > 0xffff ? 2 : 1;
    }
    const single = i - start === 1;
    const folded = single ? foldUnit(c) : foldSpaceOrCluster(source.slice(start, i));
    if (folded === ' ') {
      if (pendingSpace < 0) pendingSpace = start;
      continue;
    }
    if (folded === '') continue;
    emitPendingSpace();
    parts.push(folded);
    length += folded.length;
    if (starts && ends) {
      for (let k = 0; k < folded.length; k++) {
        starts.push(start);
        ends.push(i);
      }
    }
  }
  flushRun(n);
  return parts.join('');
}

/**
 * UTF-16 units, first to last of each range, that are no space, no combining mark and never part
 * of a cluster, and whose fold is their lower case (`toLowerCase` of a whole string, which
 * differs from one unit's only for Σ) or one of `FOLDS_TO_ONE`: Latin, Greek and Cyrillic
 * letters, most punctuation and symbols, CJK, kana, Hangul, fullwidth forms.
 * lib/shared/text/normalize.test.ts checks every unit.
 */
const SIMPLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x21, 0x7e],
  [0xa1, 0xaa],
  [0xac, 0xac],
  [0xae, 0x2ff],
  [0x370, 0x373],
  [0x375, 0x37d],
  [0x37f, 0x386],
  [0x388, 0x3a2],
  [0x3a4, 0x3c1],
  [0x3c3, 0x482],
  [0x48a, 0x590],
  [0x1e00, 0x1eff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2070, 0x20cf],
  [0x20f1, 0x2328],
  [0x232b, 0x2adb],
  [0x2add, 0x2cee],
  [0x3001, 0x3029],
  [0x3030, 0x3098],
  [0x309b, 0xa66e],
  [0xac00, 0xd7ff],
  [0xff01, 0xffef],
];
/** Simple units that fold to something else than their lower case: quotes, dashes, the ellipsis. */
const FOLDS_TO_ONE =
  '`\xab\xb4\xbb\u02bc\u2010\u2011\u2012\u2013\u2014\u2015\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2026\u2032\u2033\u2035\u2036\u2212\u301d\u301e\uff02\uff0d';
const OTHER = 0;
const SIMPLE = 1;
const FOLDS = 2;
const SPACE_UNIT = 3;
const LINE_BREAK = 4;
let unitKinds: Uint8Array | undefined;

function buildUnitKinds(): Uint8Array {
  const kinds = new Uint8Array(0x10000);
  for (const [first, last] of SIMPLE_RANGES) kinds.fill(SIMPLE, first, last + 1);
  for (let k = 0; k < FOLDS_TO_ONE.length; k++) kinds[FOLDS_TO_ONE.charCodeAt(k)] = FOLDS;
  kinds[32] = SPACE_UNIT;
  kinds[10] = LINE_BREAK;
  return kinds;
}

/**
 * The fast path of `normalize`, for a text of simple units in words apart by single spaces or
 * line breaks, as passages are: its lower case, with line breaks and `FOLDS_TO_ONE` folded. Null
 * for any other text.
 */
function foldSimple(source: string): string | null {
  const kinds = (unitKinds ??= buildUnitKinds());
  const n = source.length;
  let afterSpace = true; // no space first, none twice
  let folds: number[] | null = null;
  for (let i = 0; i < n; i++) {
    const kind = kinds[source.charCodeAt(i)]!;
    if (kind === SIMPLE) {
      afterSpace = false;
      continue;
    }
    if (kind === OTHER) return null;
    const space = kind !== FOLDS;
    if (space && afterSpace) return null;
    afterSpace = space;
    if (kind !== SPACE_UNIT) (folds ??= []).push(i);
  }
  if (afterSpace) return null;
  const lower = source.toLowerCase();
  if (lower.length !== n) return null; // a unit whose lower case is two (İ)
  if (!folds) return lower;
  let out = '';
  let from = 0;
  for (const i of folds) {
    out += lower.slice(from, i) + foldUnit(source.charCodeAt(i));
    from = i + 1;
  }
  return out + lower.slice(from);
}

/** The lower case of each simple unit whose lower case is one unit, filled as met; else 0. */
let lowerUnits: Uint16Array | undefined;

/**
 * FNV-1a (lib/shared/core/fnv1a.ts) state of `normalize(source)`'s units. A simple text (see
 * `foldSimple`) is hashed as it is read, without building its normal form.
 */
export function fnv1aNormalized(source: string): number {
  const kinds = (unitKinds ??= buildUnitKinds());
  const lowers = (lowerUnits ??= new Uint16Array(0x10000));
  const n = source.length;
  let h = FNV_OFFSET;
  let afterSpace = true; // no space first, none twice
  for (let i = 0; i < n; i++) {
    const c = source.charCodeAt(i);
    let lower = lowers[c]!;
    if (lower === 0) {
      const kind = kinds[c]!;
      if (kind === SIMPLE) {
        const folded = String.fromCharCode(c).toLowerCase();
        if (folded.length !== 1) return fnv1aUnits(FNV_OFFSET, fold(source, null, null)); // İ
        lower = lowers[c] = folded.charCodeAt(0);
      } else {
        if (kind === OTHER) return fnv1aUnits(FNV_OFFSET, fold(source, null, null));
        const space = kind !== FOLDS;
        if (space && afterSpace) return fnv1aUnits(FNV_OFFSET, fold(source, null, null));
        afterSpace = space;
        h = space ? Math.imul(h ^ 32, FNV_PRIME) : fnv1aUnits(h, foldUnit(c));
        continue;
      }
    }
    afterSpace = false;
    h = Math.imul(h ^ lower, FNV_PRIME);
  }
  return afterSpace ? fnv1aUnits(FNV_OFFSET, fold(source, null, null)) : h;
}

/** True when `normalize` takes its fast path for `text`. */
export function isSimpleText(text: string): boolean {
  return foldSimple(text) !== null;
}

export function normalize(source: string): string {
  return foldSimple(source) ?? fold(source, null, null);
}

/** True when `needle` occurs in `haystack` once both are normalised. */
export function containsNormalized(haystack: string, needle: string): boolean {
  const n = normalize(needle);
  return n.length > 0 && normalize(haystack).includes(n);
}

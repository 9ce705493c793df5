/**
 * Finds a normalised quote in a page's text, as spans of the page's own characters, without
 * normalising the whole page for every quote.
 *
 * The answer is the one that `normalizeWithMap(source)` followed by `indexOf` would give (the
 * verifier's normalisation, lib/shared/text/normalize.ts, is the only one used). It is only faster: a regular
 * expression finds the places where the longest run of letters or digits of the quote could come
 * from (any case, composed or decomposed accents, invisible characters in between, compatibility
 * characters that normalise to it), and only a window around each of those is normalised and
 * compared. A quote with no such run, or one found nowhere that way, falls back to normalising
 * the whole text once (kept for the next quote of the same page).
 */
import { normalizeWithMap, sourceSpan, type NormalizedText } from '@/lib/shared/text/normalize';

/** `[start, end)` in the source text. */
export type Span = [start: number, end: number];

/** A page's text and, once some quote needed it, its full normalisation. */
export interface SearchText {
  readonly source: string;
  full?: NormalizedText;
}

export function searchText(source: string): SearchText {
  return { source };
}

function fullNormalization(text: SearchText): NormalizedText {
  text.full ??= normalizeWithMap(text.source);
  return text.full;
}

/**
 * Every occurrence (overlapping ones too) of `needle`, which must already be normalised, in
 * the normalised text, as spans of the source, in order.
 */
export function findNormalized(text: SearchText, needle: string): Span[] {
  if (!needle) return [];
  if (!text.full) {
    const probe = probeOf(needle);
    if (probe) {
      const found = findByProbe(text.source, needle, probe);
      if (found && found.length > 0) return found;
      // Nothing: the quote is not there, or it comes from characters the probe does not know.
      // Only the full normalisation can tell, and it is kept for the next quote.
    }
  }
  const full = fullNormalization(text);
  const out: Span[] = [];
  for (let i = full.text.indexOf(needle); i >= 0; i = full.text.indexOf(needle, i + 1)) {
    out.push(sourceSpan(full, i, i + needle.length));
  }
  return out;
}

/**
 * Up to `count` normalised characters of the source just before `at` (a cluster boundary),
 * without a trailing space: what a reader sees before a quote that starts there.
 */
export function normalizedBefore(text: SearchText, at: number, count: number): string {
  if (count <= 0 || at <= 0) return '';
  let budget = 2 * count + 16;
  for (;;) {
    const from = clusterStart(text.source, Math.max(0, at - budget));
    const n = normalizeWithMap(text.source.slice(from, at)).text;
    if (n.length > count || from === 0) return n.slice(Math.max(0, n.length - count)).trimStart();
    budget *= 2;
  }
}

/** Up to `count` normalised characters of the source from `at` on, without a leading space. */
export function normalizedAfter(text: SearchText, at: number, count: number): string {
  const { source } = text;
  if (count <= 0 || at >= source.length) return '';
  let budget = 2 * count + 16;
  for (;;) {
    const to = clusterEnd(source, Math.min(source.length, at + budget));
    const n = normalizeWithMap(source.slice(at, to)).text;
    if (n.length > count || to === source.length) return n.slice(0, count).trimEnd();
    budget *= 2;
  }
}

// ---------------------------------------------------------------------------------------------
// The probe: a run of the needle's letters and digits, and what page characters can produce it.

interface Probe {
  /** Where the run starts in the needle. */
  at: number;
  text: string;
}

const MIN_PROBE = 3;
const MAX_PROBE = 24;
const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const MARK = /^\p{M}$/u;

/** The longest run of letters and digits in the needle (capped), or null when it is too short. */
function probeOf(needle: string): Probe | null {
  let bestAt = -1;
  let bestLength = 0;
  let runStart = -1;
  for (let i = 0; i <= needle.length; i++) {
    const ok = i < needle.length && isProbeChar(needle[i]!);
    if (ok) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart >= 0 && i - runStart > bestLength) {
      bestAt = runStart;
      bestLength = i - runStart;
    }
    runStart = -1;
  }
  if (bestLength < Math.min(MIN_PROBE, needle.length)) return null;
  return { at: bestAt, text: needle.slice(bestAt, bestAt + Math.min(bestLength, MAX_PROBE)) };
}

/** A letter or digit of the BMP (no surrogate halves). */
function isProbeChar(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return LETTER_OR_DIGIT.test(c);
}

/**
 * Code points whose normalisation (NFC, lower case) starts with another letter: canonical
 * singletons (the Kelvin sign, CJK compatibility ideographs) and composition exclusions (Hebrew
 * presentation forms, some Indic letters with nukta). Case variants are left to the `i` flag.
 */
const NORMALIZES_ELSEWHERE: Array<[number, number]> = [
  [0x0340, 0x0344],
  [0x0374, 0x0374],
  [0x037e, 0x037e],
  [0x0387, 0x0387],
  [0x0958, 0x095f],
  [0x09dc, 0x09df],
  [0x0a33, 0x0a36],
  [0x0a59, 0x0a5e],
  [0x0b5c, 0x0b5d],
  [0x0f43, 0x0fb9],
  [0x1f71, 0x1ffd],
  [0x2000, 0x2001],
  [0x2126, 0x212b],
  [0x2329, 0x232a],
  [0x2adc, 0x2adc],
  [0xf900, 0xfaff],
  [0xfb1d, 0xfb4e],
  [0x1d15e, 0x1d1c0],
  [0x2f800, 0x2fa1f],
];

let otherSources: Map<string, string[]> | null = null;

/** For a letter, the other single code points that normalise to it (followed by marks or not). */
function otherSourcesOf(c: string): string[] {
  if (!otherSources) {
    otherSources = new Map();
    for (const [from, to] of NORMALIZES_ELSEWHERE) {
      for (let cp = from; cp <= to; cp++) {
        const x = String.fromCodePoint(cp);
        const folded = x.normalize('NFC').toLowerCase();
        if (folded === x) continue;
        const first = String.fromCodePoint(folded.codePointAt(0)!);
        const list = otherSources.get(first) ?? [];
        list.push(x);
        otherSources.set(first, list);
      }
    }
    // Dotted capital I lowers to "i" and a combining dot.
    otherSources.set('i', ['\u0130']);
  }
  return otherSources.get(c) ?? [];
}

/** Characters that normalisation drops (with any marks on them) between two letters. */
const DROPPED = '(?:[\\u00AD\\u200B-\\u200D\\u2060\\uFEFF]\\p{M}*)*';

function escapeChar(c: string): string {
  return /^[\p{L}\p{Nd}]$/u.test(c) ? c : `\\u{${c.codePointAt(0)!.toString(16)}}`;
}

/** A pattern, with flags `iu`, that matches every source of the normalised letter `c`. */
function sourcesPattern(c: string): string {
  const alternatives = [escapeChar(c)];
  // A composed letter also comes from its base letter followed by combining marks.
  const decomposed = c.normalize('NFD');
  const base = String.fromCodePoint(decomposed.codePointAt(0)!);
  if (decomposed !== c && [...decomposed.slice(base.length)].every((m) => MARK.test(m))) {
    alternatives.push(`${escapeChar(base)}\\p{M}+`);
  }
  for (const x of otherSourcesOf(c)) alternatives.push(`${escapeChar(x)}\\p{M}*`);
  return alternatives.length === 1 ? alternatives[0]! : `(?:${alternatives.join('|')})`;
}

function probePattern(probe: string): RegExp {
  const parts = [...probe].map(sourcesPattern);
  return new RegExp(parts.join(DROPPED), 'giu');
}

/**
 * The occurrences of `needle` around the places its probe matches, or null when the probe is so
 * common that normalising windows would cost more than normalising the whole text.
 */
function findByProbe(source: string, needle: string, probe: Probe): Span[] | null {
  const re = probePattern(probe.text);
  const out: Span[] = [];
  let lastStart = -1;
  const windowCost = 2 * needle.length + 32;
  let cost = 0;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    cost += windowCost;
    if (cost > source.length) return null;
    const span = matchAround(source, m.index, needle, probe.at);
    // Each occurrence of the needle holds its probe once, at one place: no duplicates, in order.
    if (span && span[0] > lastStart) {
      out.push(span);
      lastStart = span[0];
    }
    re.lastIndex = m.index + 1; // occurrences may overlap
  }
  return out;
}

/**
 * The occurrence of `needle` whose probe (at `probeAt` in the needle) starts at source offset
 * `hit`, or null. Only a window is normalised; it grows until it holds the whole needle or
 * reaches the ends of the source. A window that starts or ends on a cluster boundary normalises
 * to a substring of the full normalisation (less a boundary space, and the needle has none at
 * its ends), so a match inside it is a match of the full text.
 */
function matchAround(source: string, hit: number, needle: string, probeAt: number): Span | null {
  let before = 2 * probeAt + 16;
  let after = 2 * (needle.length - probeAt) + 16;
  for (;;) {
    const from = clusterStart(source, Math.max(0, hit - before));
    const to = clusterEnd(source, Math.min(source.length, hit + after));
    const w = normalizeWithMap(source.slice(from, to));
    const k = lowerBound(w.starts.length, (i) => w.starts[i]! >= hit - from);
    if (k >= w.text.length || w.starts[k] !== hit - from) return null;
    const m = k - probeAt;
    const shortLeft = m < 0 && from > 0;
    const shortRight = m + needle.length > w.text.length && to < source.length;
    if (shortLeft || shortRight) {
      if (shortLeft) before *= 2;
      if (shortRight) after *= 2;
      continue;
    }
    if (m < 0 || !w.text.startsWith(needle, m)) return null;
    return [from + w.starts[m]!, from + w.ends[m + needle.length - 1]!];
  }
}

/** Moves `i` back to the start of its cluster (a base character and the marks after it). */
function clusterStart(s: string, i: number): number {
  while (i > 0 && i < s.length) {
    const code = s.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) {
      i--; // the second half of a pair: step to its first half
      continue;
    }
    if (!MARK.test(String.fromCodePoint(s.codePointAt(i)!))) break;
    i--; // a mark belongs to the character before it
  }
  return i;
}

/** Moves `i` forward past the marks (and pair halves) that belong to the cluster before it. */
function clusterEnd(s: string, i: number): number {
  while (i < s.length) {
    const code = s.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) {
      i++;
      continue;
    }
    const cp = s.codePointAt(i)!;
    if (!MARK.test(String.fromCodePoint(cp))) break;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** The smallest k in [0, n) with `pred(k)` true (pred monotone), or n. */
export function lowerBound(n: number, pred: (k: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

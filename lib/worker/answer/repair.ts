/**
 * Honest repair of the quoting slips real models make, before any retry: what wraps the words
 * (quotation marks, Markdown emphasis, a list marker, an ellipsis at either end) is stripped; an
 * "A … B" quote is kept as its spans when they stand, in order, in one fragment, close together
 * (at most MAX_QUOTE_PARTS spans, all in one passage where two share a fragment, each gap short
 * and free of a negation, so that a join cannot
 * say what the page does not: "will not … reduce crime" is no "will … reduce crime"); words cited
 * under the wrong number go to the one other fragment that holds them; a quote running from one
 * passage into the next of the same frame is one span of the two. Nothing is ever reworded: every
 * repair ends with words that stand, after the one normalisation, in a fragment that was sent.
 * Pure, so that each class is tested on its own (lib/worker/answer/verify.ts calls it).
 */
import { normalize } from '@/lib/shared/text/normalize';
import { MAX_QUOTE_PARTS } from '@/lib/shared/protocol/quote-requests';
import type { RepairClass } from '@/lib/shared/answer/run';

/** The most characters (normalised) an "A … B" join may leave out between two of its spans. */
export const MAX_JOIN_GAP = 200;

/**
 * Words that turn a statement around, in English and Spanish: a gap holding one is never left
 * out of a join. A list, and so not the rule: the rule is that a gap is short and in one fragment,
 * and the chip says the quote is joined; this catches the one slip that reverses a sentence.
 */
const NEGATION =
  /(?<![\p{L}\p{N}])(?:not|no|never|nor|neither|none|nobody|nothing|nowhere|cannot|without|hardly|nunca|jamás|jamas|tampoco|ni|sin|ningún|ningun|ninguno|ninguna|nada|nadie)(?![\p{L}\p{N}])|n['\u2019]t(?![\p{L}\p{N}])/iu;

/** A fragment as the repair sees it: its text, and the fragment that follows it in its frame. */
export interface RepairFragment {
  index: number;
  text: string;
  /** The index of the fragment whose passage comes next in the same frame, if it was sent. */
  next?: number;
  /**
   * A passage sent with its neighbour: where (in `text`) each member after the first starts. An
   * "A … B" join keeps every span within one member passage. Null: its passages cannot be told
   * apart, so no join is made in it.
   */
  starts?: readonly number[] | null;
}

/** A citation made good: where its words stand and what the chip shows. */
export interface Repair {
  classes: RepairClass[];
  /** The fragment the words stand in (another one than cited for `wrong-index`). */
  index: number;
  /** The quote as shown: the words without their wrapping; "A … B" keeps its ellipsis. */
  literal: string;
  /** "A … B": each span as it stands in the fragment, in order, for the highlight. */
  parts?: string[];
  /** `across-passages`: the fragment the quote runs into, after `index`. */
  runsInto?: number;
}

const QUOTES = `"'\u201C\u201D\u201E\u201F\u2018\u2019\u201A\u201B\u00AB\u00BB\u2039\u203A\u300C\u300D\u300E\u300F`;
const ELLIPSIS = String.raw`(?:\[\s*(?:\.\s?){3}\s*\]|\[\s*\u2026\s*\]|\(\s*(?:\.\s?){3}\s*\)|\(\s*\u2026\s*\)|(?:\.\s?){2}\.|\u2026)`;
const LEADING_QUOTE = new RegExp(`^[${QUOTES}]+`, 'u');
const TRAILING_QUOTE = new RegExp(`[${QUOTES}]+([.,;:!?]?)$`, 'u');
const LIST_MARKER = /^(?:[-*+\u2022\u2013\u2014>]|\d{1,3}[.)])\s+/u;
const LEADING_ELLIPSIS = new RegExp(`^${ELLIPSIS}\\s*`, 'u');
const TRAILING_ELLIPSIS = new RegExp(`\\s*${ELLIPSIS}$`, 'u');
const INNER_ELLIPSIS = new RegExp(`\\s*${ELLIPSIS}\\s*`, 'gu');
/** `**bold**`, `__bold__`, `*italic*`, `_italic_`, `` `code` ``: the marks, not the words. */
const EMPHASIS = [
  /\*\*(?=\S)(.+?)(?<=\S)\*\*/gu,
  /__(?=\S)(.+?)(?<=\S)__/gu,
  /(?<![\p{L}\p{N}*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\p{L}\p{N}*])/gu,
  /(?<![\p{L}\p{N}_])_(?=\S)([^_]+?)(?<=\S)_(?![\p{L}\p{N}_])/gu,
  /`([^`]+)`/gu,
];

/** The literal without what wraps its words, and which wrappers there were. */
export function unwrap(literal: string): { text: string; classes: RepairClass[] } {
  const classes = new Set<RepairClass>();
  let text = literal.trim();
  for (let round = 0; round < 4; round++) {
    const before = text;
    const marker = text.replace(LIST_MARKER, '');
    if (marker !== text) classes.add('list-marker');
    text = marker.trim();
    let emphasised = text;
    for (const re of EMPHASIS) emphasised = emphasised.replace(re, '$1');
    if (emphasised !== text) classes.add('emphasis');
    text = emphasised.trim();
    const quoted = text.replace(LEADING_QUOTE, '').replace(TRAILING_QUOTE, '$1');
    if (quoted !== text) classes.add('quote-marks');
    text = quoted.trim();
    const cut = text.replace(LEADING_ELLIPSIS, '').replace(TRAILING_ELLIPSIS, '');
    if (cut !== text) classes.add('edge-ellipsis');
    text = cut.trim();
    if (text === before) break;
  }
  return { text, classes: [...classes] };
}

/** The spans of an "A … B" quote, or one span when it has no ellipsis inside. */
export function splitAtEllipses(text: string): string[] {
  return text
    .split(INNER_ELLIPSIS)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** The forms the verifier compares, as in its own check: plain, and with XML entities decoded. */
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };
function forms(s: string): string[] {
  return [...new Set([normalize(s), normalize(s.replace(/&(?:lt|gt|quot|apos|amp);/g, (e) => ENTITIES[e]!))])];
}

/** Where `part` stands in `text` (both normalised) at or after `from`, the first form that does. */
function findForm(text: string, part: string, from: number): { at: number; length: number } | null {
  for (const f of forms(part)) {
    const at = f ? text.indexOf(f, from) : -1;
    if (at >= 0) return { at, length: f.length };
  }
  return null;
}

/** Every place `part` stands in `text` (both normalised) from `from` up to `until`, in any of its forms. */
function placesOf(text: string, part: string, from: number, until: number): Array<{ at: number; length: number }> {
  const out: Array<{ at: number; length: number }> = [];
  for (const f of forms(part)) {
    if (!f) continue;
    for (let at = text.indexOf(f, from); at >= 0 && at <= until && out.length < MAX_PLACES; at = text.indexOf(f, at + 1))
      out.push({ at, length: f.length });
  }
  return out;
}
/** Places of a span tried, at most: a page that repeats a phrase is not searched without end. */
const MAX_PLACES = 64;

/**
 * True when every part is long enough and they stand in `text` in order, without overlapping;
 * for several parts ("A … B"), at most MAX_QUOTE_PARTS of them, each gap at most MAX_JOIN_GAP
 * characters, holding no negation, and within one passage (`starts`: where each passage of the
 * text after the first starts; no span of a join crosses one). Every placement of the spans is
 * tried, not only the first.
 */
function standInOrder(text: string, parts: string[], minLength: number, starts: readonly number[] | null = []): boolean {
  if (parts.length > MAX_QUOTE_PARTS) return false;
  if (starts === null && parts.length > 1) return false;
  if (parts.some((part) => normalize(part).length < minLength)) return false;
  const joined = parts.length > 1;
  /** The passage the characters [from, to) lie in, or -1 when they cross from one into the next. */
  const passageOf = (from: number, to: number): number => {
    let i = 0;
    const at = starts ?? [];
    while (i < at.length && at[i]! <= from) i++;
    return i < at.length && at[i]! < to ? -1 : i;
  };
  const place = (k: number, end: number, passage: number): boolean => {
    if (k === parts.length) return true;
    const until = k === 0 ? text.length : end + MAX_JOIN_GAP;
    return placesOf(text, parts[k]!, end, until).some((hit) => {
      if (k > 0 && NEGATION.test(text.slice(end, hit.at))) return false;
      const own = joined ? passageOf(hit.at, hit.at + hit.length) : 0;
      if (own < 0 || (k > 0 && own !== passage)) return false;
      return place(k + 1, hit.at + hit.length, own);
    });
  };
  return place(0, 0, 0);
}

/**
 * The citation made good, or null when its words, once unwrapped, do not stand in a fragment
 * that was sent (or stand in several other ones: which was meant cannot be told). `fragments`
 * maps each index to its normalised text; call this only for a citation that failed as given.
 */
export function repairCitation(
  index: number,
  literal: string,
  fragments: Map<number, RepairFragment>,
  minLength: number,
): Repair | null {
  const unwrapped = unwrap(literal);
  const repaired = repairText(index, unwrapped.text, unwrapped.classes, fragments, minLength);
  if (repaired) return repaired;
  // A full stop (or comma) the model put after its last word, where the page goes on.
  const bare = unwrapped.text.replace(/\s*[.,;:]+$/u, '');
  return bare !== unwrapped.text ? repairText(index, bare, unwrapped.classes, fragments, minLength) : null;
}

function repairText(
  index: number,
  text: string,
  classes: RepairClass[],
  fragments: Map<number, RepairFragment>,
  minLength: number,
): Repair | null {
  const parts = splitAtEllipses(text);
  if (parts.length === 0) return null;
  const joined = parts.length > 1;
  const shown = joined ? parts.join(' \u2026 ') : parts[0]!;
  const holds = (f: RepairFragment) => standInOrder(f.text, parts, minLength, f.starts);
  const result = (at: number, extra: RepairClass[], more: Partial<Repair> = {}): Repair => ({
    classes: [...classes, ...(joined ? (['ellipsis-join'] as const) : []), ...extra],
    index: at,
    literal: shown,
    ...(joined ? { parts } : {}),
    ...more,
  });

  const named = fragments.get(index);
  if (named && holds(named)) return classes.length > 0 || joined ? result(index, []) : null;

  // One span running from a passage into the next one of its frame, cited under either.
  if (!joined && normalize(text).length >= minLength) {
    const previous = [...fragments.values()].find((f) => f.next === index);
    for (const [a, b] of [
      [named, named?.next !== undefined ? fragments.get(named.next) : undefined],
      [previous, named],
    ] as const) {
      if (!a || !b) continue;
      const across = `${a.text} ${b.text}`;
      const hit = findForm(across, text, 0);
      // Only a quote that crosses the seam: one inside either passage is not this slip.
      if (hit && hit.at < a.text.length && hit.at + hit.length > a.text.length + 1) {
        return result(a.index, ['across-passages'], { runsInto: b.index });
      }
    }
  }

  const others = [...fragments.values()].filter((f) => f.index !== index && holds(f));
  if (others.length === 1) return result(others[0]!.index, ['wrong-index']);
  return null;
}

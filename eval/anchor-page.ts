/**
 * Bundled into each corpus page by eval/anchor.ts: picks quotes from the extension's own passages,
 * anchors each with the extension's anchoring and with two libraries, and judges every result
 * against where the quote really was, all in the page, as the content script would run.
 */
import { createTextQuoteSelectorMatcher } from '@apache-annotator/dom';
import * as textQuote from 'dom-anchor-text-quote';
import { locateKept } from '@/lib/page/find/kept-reading';
import { collectText, type CollectedText } from '@/lib/page/read/dom-text';
import { layoutPassages } from '@/lib/shared/text/passage-layout';
import { normalize } from '@/lib/shared/text/normalize';

export type Method = 'ours' | 'apache' | 'textquote';
export type Variant = 'exact' | 'perturbed';
export type Verdict = 'exact' | 'wrong-place' | 'wrong-text' | 'missed' | 'error';

export interface QuoteResult {
  quote: number;
  variant: Variant;
  method: Method;
  verdict: Verdict;
  ms: number;
  /** Ours: whether the page was read for this quote (the first of the page), not kept from an earlier one. */
  fresh?: boolean;
  /** What was highlighted (visible text, whitespace collapsed), when it was not the quote. */
  shown?: string;
  error?: string;
}

interface EvalQuote {
  literal: string;
  perturbed: string;
  passageText: string;
  passageOrder: number;
  /** Up to 32 characters of the passage on each side: the libraries' way to disambiguate. */
  prefix: string;
  suffix: string;
  /** Where the sentence really is: a span of `collected.text`. */
  truth: [number, number];
  /** The cited passage's span: the sentence may occur in it more than once, and then any will do. */
  passage: [number, number];
}

const MIN_QUOTE = 15; // the verifier's shortest literal
const MAX_QUOTE = 400;
const CONTEXT = 32;

let collected: CollectedText;
let quotes: EvalQuote[] = [];
let nodeIndex = new Map<Text, number>();
let apacheUnavailable = '';
/** Whether our last anchoring read the page (true) or found the quote in the reading kept. */
let lastFresh = false;

/** Chooses up to `max` sentences of the page's passages, spread over the page. */
export function prepare(max: number): {
  quotes: Array<{ literal: string; perturbed: string }>;
  chars: number;
  misaligned: number;
} {
  collected = collectText(document);
  nodeIndex = new Map(collected.segments.map((s, i) => [s.node, i]));
  const locale = document.documentElement.lang || undefined;
  let segmenter: Intl.Segmenter;
  try {
    segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  } catch {
    segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
  }
  const candidates: EvalQuote[] = [];
  let misaligned = 0;
  for (const p of layoutPassages(collected)) {
    const map = alignPassage(collected.text, p.start, p.end, p.text);
    if (!map) {
      misaligned++;
      continue;
    }
    for (const seg of segmenter.segment(p.text)) {
      const lead = seg.segment.length - seg.segment.trimStart().length;
      const literal = seg.segment.trim();
      const n = normalize(literal).length;
      if (n < MIN_QUOTE || literal.length > MAX_QUOTE) continue;
      const a = seg.index + lead;
      const b = a + literal.length;
      candidates.push({
        literal,
        perturbed: perturb(literal),
        passageText: p.text,
        passageOrder: p.order,
        prefix: p.text.slice(Math.max(0, a - CONTEXT), a),
        suffix: p.text.slice(b, b + CONTEXT),
        truth: [map[a]!, map[b - 1]! + 1],
        passage: [p.start, p.end],
      });
    }
  }
  const count = Math.min(max, candidates.length);
  quotes = Array.from({ length: count }, (_, k) => candidates[Math.floor(((k + 0.5) * candidates.length) / count)]!);
  return {
    quotes: quotes.map((q) => ({ literal: q.literal, perturbed: q.perturbed })),
    chars: collected.text.length,
    misaligned,
  };
}

/**
 * For each character of a passage's text, its offset in the collected text: the passage is the
 * collected text with whitespace runs made single (and blocks joined by "\n").
 */
function alignPassage(text: string, start: number, end: number, passage: string): number[] | null {
  const map: number[] = [];
  let j = start;
  for (let i = 0; i < passage.length; i++) {
    const c = passage[i]!;
    if (/\s/.test(c)) {
      if (j >= end || !/\s/.test(text[j]!)) return null;
      map.push(j);
      while (j < end && /\s/.test(text[j]!)) j++;
      continue;
    }
    if (text[j] !== c) return null;
    map.push(j);
    j++;
  }
  return map;
}

/**
 * A copy as a model or a user might type it: case changed, straight and curly quote marks
 * swapped, dashes and hyphens swapped, spaces doubled or made non-breaking. Only changes that
 * the normalisation promises to forgive (a case change that alters the length, like "ß" to "SS",
 * is not made).
 */
export function perturb(s: string): string {
  let words = 0;
  let spaces = 0;
  let doubleOpen = true;
  let out = '';
  for (const token of s.split(/(\s+)/)) {
    if (token === '') continue;
    if (/^\s+$/.test(token)) {
      spaces++;
      out += spaces % 3 === 0 ? '\u00a0' : spaces % 3 === 1 ? '  ' : ' ';
      continue;
    }
    let w = token;
    const upper = w.toUpperCase();
    const lower = w.toLowerCase();
    const safe = upper.length === w.length && lower.length === w.length && upper.toLowerCase() === lower;
    if (safe) {
      if (words % 3 === 0) w = upper;
      else if (words % 3 === 1) w = lower;
      else w = w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
    }
    words++;
    let t = '';
    for (const ch of w) {
      if (ch === '"') {
        t += doubleOpen ? '\u201c' : '\u201d';
        doubleOpen = !doubleOpen;
      } else if (ch === '\u201c' || ch === '\u201d' || ch === '\u201e') t += '"';
      else if (ch === "'") t += '\u2019';
      else if (ch === '\u2018' || ch === '\u2019') t += "'";
      else if (ch === '-') t += '\u2013';
      else if (ch === '\u2013' || ch === '\u2014') t += '-';
      else t += ch;
    }
    out += t;
  }
  return out;
}

/** The span of `collected.text` that ranges cover, as the user would see it highlighted. */
function shownSpan(ranges: Range[]): [number, number] | null {
  let start = Infinity;
  let end = -Infinity;
  for (const r of ranges) {
    const s = boundary(r, 'start');
    const e = boundary(r, 'end');
    if (s === null || e === null || e <= s) continue;
    start = Math.min(start, s);
    end = Math.max(end, e);
  }
  return Number.isFinite(start) ? [start, end] : null;
}

function boundary(r: Range, which: 'start' | 'end'): number | null {
  const node = which === 'start' ? r.startContainer : r.endContainer;
  const offset = which === 'start' ? r.startOffset : r.endOffset;
  const k = node.nodeType === 3 ? nodeIndex.get(node as Text) : undefined;
  if (k !== undefined) return collected.segments[k]!.start + offset;
  // A boundary in an element or in invisible text: the nearest visible text inside the range.
  const segs = collected.segments;
  if (which === 'start') {
    for (const s of segs) if (r.intersectsNode(s.node)) return s.start + (s.node === r.startContainer ? offset : 0);
  } else {
    for (let i = segs.length - 1; i >= 0; i--) {
      const s = segs[i]!;
      if (r.intersectsNode(s.node)) return s.node === r.endContainer ? s.start + offset : s.end;
    }
  }
  return null;
}

function judge(q: EvalQuote, ranges: Range[] | null): { verdict: Verdict; shown?: string } {
  if (!ranges || ranges.length === 0) return { verdict: 'missed' };
  const span = shownSpan(ranges);
  const shown = span ? collected.text.slice(span[0], span[1]).replace(/\s+/g, ' ').trim() : '';
  if (normalize(shown) !== normalize(q.literal)) return { verdict: 'wrong-text', shown };
  // The sentence's own place; or, when the passage holds the same words more than once (a model
  // quoting them cannot say which), anywhere inside the passage.
  const repeated = normalize(q.passageText).split(normalize(q.literal)).length > 2;
  const [ts, te] = repeated ? q.passage : q.truth;
  if (!span || span[1] <= ts || span[0] >= te) return { verdict: 'wrong-place', shown };
  return { verdict: 'exact' };
}

async function anchor(method: Method, q: EvalQuote, text: string): Promise<Range[] | null> {
  const scope = document.body ?? document.documentElement;
  switch (method) {
    case 'ours': {
      // As a click finds it: in the page's reading kept while nothing in the page changed.
      const { located, fresh } = locateKept(document, {
        literal: text,
        passageText: q.passageText,
        passageOrder: q.passageOrder,
      });
      lastFresh = fresh;
      return located?.ranges ?? null;
    }
    case 'textquote': {
      const range = textQuote.toRange(scope, { exact: text, prefix: q.prefix, suffix: q.suffix });
      return range ? [range] : null;
    }
    case 'apache': {
      const matches = createTextQuoteSelectorMatcher({
        type: 'TextQuoteSelector',
        exact: text,
        prefix: q.prefix,
        suffix: q.suffix,
      })(scope);
      for await (const range of matches) return [range];
      return null;
    }
  }
}

/** Whether the bundle has the Apache Annotator matcher (its selector package may be missing). */
export function setApacheUnavailable(reason: string): void {
  apacheUnavailable = reason;
}

/**
 * Anchors every prepared quote, exact and perturbed, with each method, in rotating order so that
 * none always runs first (cold caches) or last.
 */
export async function runAll(): Promise<QuoteResult[]> {
  const methods: Method[] = apacheUnavailable ? ['ours', 'textquote'] : ['ours', 'apache', 'textquote'];
  const out: QuoteResult[] = [];
  let turn = 0;
  for (const [i, q] of quotes.entries()) {
    for (const variant of ['exact', 'perturbed'] as const) {
      const text = variant === 'exact' ? q.literal : q.perturbed;
      for (let k = 0; k < methods.length; k++) {
        const method = methods[(turn + k) % methods.length]!;
        const t0 = performance.now();
        let ranges: Range[] | null = null;
        let error: string | undefined;
        try {
          ranges = await anchor(method, q, text);
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
        }
        const ms = performance.now() - t0;
        const judged = error ? { verdict: 'error' as const } : judge(q, ranges);
        const result: QuoteResult = { quote: i, variant, method, ms, ...judged };
        if (method === 'ours') result.fresh = lastFresh;
        if (error) result.error = error;
        out.push(result);
      }
      turn++;
    }
  }
  return out;
}

/**
 * Text fragments (`#:~:text=`): a link that makes the browser find a quote as the page loads,
 * scroll to it and mark it, even before (or without) our own highlight. Used to open a cited
 * page again when its tab is gone. Pure functions.
 */
import { normalize, normalizeWithMap, sourceSpan } from './normalize';

/** Quotes with more words than this are sent as their first and last words (`start,end`). */
const MAX_WHOLE_WORDS = 10;
const EDGE_WORDS = 4;
const CONTEXT_WORDS = 3;

/**
 * The quote in the page's own characters, as they stand in the cited passage: the model's
 * literal may differ in quote marks, dashes or case, which a text fragment does not forgive.
 */
export function quoteAsOnPage(literal: string, passageText: string): string {
  const needle = normalize(literal);
  const passage = normalizeWithMap(passageText);
  const at = needle ? passage.text.indexOf(needle) : -1;
  if (at < 0) return collapse(literal);
  const [start, end] = sourceSpan(passage, at, at + needle.length);
  return collapse(passageText.slice(start, end));
}

/** Percent-encodes a term of a text directive: `-`, `,` and `&` are syntax there. */
function encodeTerm(s: string): string {
  return encodeURIComponent(s).replace(/-/g, '%2D');
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

interface Word {
  start: number;
  end: number;
}

/** Word-like segments, so that scripts written without spaces are cut between words too. */
function words(text: string): Word[] {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (typeof Segmenter !== 'function') {
    return [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  }
  const out: Word[] = [];
  for (const seg of new Segmenter(undefined, { granularity: 'word' }).segment(text)) {
    if (seg.isWordLike) out.push({ start: seg.index, end: seg.index + seg.segment.length });
  }
  return out;
}

/**
 * The text directive for `quote` (already in the page's characters): the whole quote, or its
 * first and last words when it is long; with a few words of the passage before and after it, so
 * that the browser picks the cited occurrence rather than the first on the page.
 */
export function textDirective(quote: string, passageText = ''): string {
  const text = collapse(quote);
  const ws = words(text);
  let terms: string[];
  if (ws.length > MAX_WHOLE_WORDS) {
    const head = text.slice(0, ws[EDGE_WORDS - 1]!.end);
    const tail = text.slice(ws[ws.length - EDGE_WORDS]!.start);
    terms = [encodeTerm(head), encodeTerm(tail)];
  } else {
    terms = [encodeTerm(text)];
  }
  const passage = collapse(passageText);
  const at = text ? passage.indexOf(text) : -1;
  if (at >= 0) {
    // Context runs up to the quote, punctuation included: only spaces may stand between them.
    const before = passage.slice(0, at);
    const beforeWords = words(before);
    if (beforeWords.length > 0) {
      const from = beforeWords[Math.max(0, beforeWords.length - CONTEXT_WORDS)]!.start;
      terms.unshift(`${encodeTerm(before.slice(from).trim())}-`);
    }
    const after = passage.slice(at + text.length);
    const afterWords = words(after);
    if (afterWords.length > 0) {
      const to = afterWords[Math.min(afterWords.length, CONTEXT_WORDS) - 1]!.end;
      terms.push(`-${encodeTerm(after.slice(0, to).trim())}`);
    }
  }
  return `text=${terms.join(',')}`;
}

/**
 * `url` with a text fragment for the cited quote, replacing any text directive it had and
 * keeping its own fragment (`#section:~:text=...`).
 */
export function urlWithTextFragment(url: string, literal: string, passageText = ''): string {
  const quote = quoteAsOnPage(literal, passageText);
  if (!quote) return url;
  const hash = url.indexOf('#');
  const base = hash >= 0 ? url.slice(0, hash) : url;
  let fragment = hash >= 0 ? url.slice(hash + 1) : '';
  const directive = fragment.indexOf(':~:');
  if (directive >= 0) fragment = fragment.slice(0, directive);
  return `${base}#${fragment}:~:${textDirective(quote, passageText)}`;
}

/**
 * A video's captions as passages, and a quote of them as a moment: cues joined into passages at
 * sentence ends (the same cutting as a page's text, passage-layout.ts), each passage keeping where
 * each of its cues starts in its text and when it is said; the time of a verified quote (the start
 * of the cue that holds its first character); that time written as "2:31" and as an address that
 * plays it (`&t=151s` on YouTube, `#t=151` elsewhere). Pure: the page's reader, the worker's
 * citations, Copy as Markdown and the click all use these; the moments alone, which the screens
 * show, are in video-moment.ts.
 */
import { cutText, DEFAULT_MAX_CHARS, DEFAULT_MIN_CHARS } from '@/lib/shared/text/passage-layout';
import { normalize, normalizeWithMap, sourceSpan } from '@/lib/shared/text/normalize';
import { PassageIds } from '@/lib/shared/text/passage-ids';
import type { Cue, Transcript } from './transcript';
import { MAX_PASSAGE_CUES, type PassageCue, type VideoOfPassage } from './video-moment';

export interface TranscriptPassage {
  id: string;
  text: string;
  order: number;
  video: VideoOfPassage;
}

/** A cue whose words end a sentence (a full stop, question or exclamation mark, closing quotes after it). */
const SENTENCE_END = /[.!?\u2026\u3002\uff01\uff1f]["'\u201d\u2019)\]]*$/u;

/**
 * Which cues go together, as ranges `[from, to)` of `lengths` (each cue's length in characters):
 * whole cues, joined with spaces, cut after a cue that ends a sentence once a passage has
 * `(minChars + maxChars) / 2` characters, and never past `maxChars` (then after the last sentence
 * end in it, if it leaves half of `minChars`, else before the cue that would pass it). Captions
 * without punctuation are cut between cues. Cues are never split: each keeps its whole text in
 * one passage, so a quote's time is its cue's.
 */
export function groupCues(
  lengths: readonly number[],
  ends: readonly boolean[],
  minChars: number,
  maxChars: number,
): Array<[number, number]> {
  const target = Math.floor((minChars + maxChars) / 2);
  const out: Array<[number, number]> = [];
  let from = 0;
  let length = 0;
  /** The last cue of the group that ends a sentence, and the group's length up to it. */
  let lastEnd = -1;
  let lengthAtEnd = 0;
  for (let k = 0; k < lengths.length; k++) {
    const add = (k > from ? 1 : 0) + lengths[k]!;
    if (k > from && length + add > maxChars) {
      const cut = lastEnd >= from && lengthAtEnd >= minChars / 2 ? lastEnd + 1 : k;
      out.push([from, cut]);
      from = cut;
      length = 0;
      for (let j = from; j < k; j++) length += (j > from ? 1 : 0) + lengths[j]!;
      lastEnd = -1;
      k--; // cue k is added again to the new group
      continue;
    }
    length += add;
    if (ends[k]) {
      lastEnd = k;
      lengthAtEnd = length;
      if (length >= target) {
        out.push([from, k + 1]);
        from = k + 1;
        length = 0;
      }
    }
  }
  if (from < lengths.length) out.push([from, lengths.length]);
  return out;
}

/**
 * The passages of a transcript, in order from `firstOrder`: its cues' texts (whitespace collapsed,
 * empty ones left out) joined with spaces into passages of a few sentences (`groupCues`); a cue
 * longer than a passage is cut between words. Ids from `ids` (a frame's passages share it).
 * Without `Intl.Segmenter`: the sentence ends are the cues' ends, and creating a segmenter in a
 * page's script costs more than the whole cutting (measured in tests/bench/ask.ts).
 */
export function transcriptPassages(
  transcript: Pick<Transcript, 'videoKey' | 'cues'>,
  firstOrder: number,
  ids: PassageIds = new PassageIds('v.'),
  bounds: { minChars: number; maxChars: number } = { minChars: DEFAULT_MIN_CHARS, maxChars: DEFAULT_MAX_CHARS },
): TranscriptPassage[] {
  const words: string[] = [];
  const kept: Cue[] = [];
  for (const cue of transcript.cues) {
    const text = cue.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    words.push(text);
    kept.push(cue);
  }
  const out: TranscriptPassage[] = [];
  const push = (text: string, cues: PassageCue[]) =>
    out.push({ id: ids.next(text), text, order: firstOrder + out.length, video: { key: transcript.videoKey, cues } });
  const moment = (k: number, at: number): PassageCue => ({
    at,
    startMs: Math.round(kept[k]!.startMs),
    endMs: Math.round(kept[k]!.endMs),
  });
  const groups = groupCues(
    words.map((w) => w.length),
    words.map((w) => SENTENCE_END.test(w)),
    bounds.minChars,
    bounds.maxChars,
  );
  for (const [from, to] of groups) {
    if (to - from === 1 && words[from]!.length > bounds.maxChars) {
      // One cue longer than a passage: its pieces, each said in that cue.
      for (const [a, b] of cutText(words[from]!, bounds.minChars, bounds.maxChars))
        push(words[from]!.slice(a, b), [moment(from, 0)]);
      continue;
    }
    let text = '';
    const cues: PassageCue[] = [];
    for (let k = from; k < to; k++) {
      if (text) text += ' ';
      if (cues.length < MAX_PASSAGE_CUES) cues.push(moment(k, text.length));
      text += words[k];
    }
    push(text, cues);
  }
  return out;
}

/** The first span of a quote ("A … B" gives A), as the verifier found it in the passage. */
function firstSpan(literal: string, parts?: string[]): string {
  if (parts && parts.length > 0) return parts[0]!;
  return literal.split(/\s*(?:…|\.\.\.)\s*/).find((s) => s.trim().length > 0) ?? literal;
}

/**
 * Where a quote's first character is in `passageText` (after the one normalisation every quote
 * goes through), or -1 when it is not there.
 */
export function quoteOffset(passageText: string, literal: string, parts?: string[]): number {
  const needle = normalize(firstSpan(literal, parts)).trim();
  if (!needle) return -1;
  const n = normalizeWithMap(passageText);
  const i = n.text.indexOf(needle);
  return i < 0 ? -1 : sourceSpan(n, i, i + 1)[0];
}

/** The cue of `cues` that holds the character at `offset` of its passage's text. */
export function cueAt(cues: readonly PassageCue[], offset: number): PassageCue | undefined {
  let found: PassageCue | undefined;
  for (const cue of cues) {
    if (cue.at > offset) break;
    found = cue;
  }
  return found ?? cues[0];
}

/** The cue a quote starts in, or undefined when the quote is not in the passage. */
export function quoteCue(
  passage: { text: string; video?: VideoOfPassage },
  literal: string,
  parts?: string[],
): PassageCue | undefined {
  if (!passage.video) return undefined;
  const at = quoteOffset(passage.text, literal, parts);
  return at < 0 ? undefined : cueAt(passage.video.cues, at);
}

/**
 * The selection a frame holds, as words of its reading. A page's script can select text as well
 * as the user can (`selectAllChildren` on a box no reader sees), and the browser does not say who
 * did: so a live selection is read as runs of the reading's own text (the words the walk read,
 * inside the selection's ranges), and the check before sending asks their text nodes every test
 * of what hides words, as it asks any passage's (lib/page/read/passage-check.ts). What the reading
 * walk left out is not in it at all. Only the context menu's `selectionText`, which the browser
 * gives, is taken as the user's without a check (lib/worker/read/priority-selection.ts). Pure DOM code.
 */
import type { TextSegment } from './text-sink';
import { textOfParts, type PassageWords, type TextRange } from './passage-check';

/**
 * The most of a selection that is read. The user's selection leads what is sent; a page can
 * select text on its own, and 50 KB of it would fill the budget. (lib/worker/rank/rank.ts also gives it at
 * most a share of the budget, and the background keeps it only from the focused frame.)
 */
export const MAX_SELECTION_CHARS = 4000;

/** Tries at cutting the runs to MAX_SELECTION_CHARS before they are cut harder. */
const CAP_TRIES = 6;

/**
 * The runs of the reading's text inside `ranges`, in reading order, with the white space and
 * separators between touching runs joined in, cut to at most `max` characters of text at a word's
 * end; with the text they make (`textOfParts`). Empty when no word read is selected.
 */
export function selectedParts(
  collected: Pick<PassageWords, 'text' | 'blocks'> & { segments: readonly TextSegment[] },
  ranges: readonly AbstractRange[],
  max = MAX_SELECTION_CHARS,
): { parts: TextRange[]; text: string } {
  const found: TextRange[] = [];
  // Live ranges only (a static range cannot say which nodes it meets).
  const live = ranges.filter((r): r is Range => !r.collapsed && typeof (r as Range).intersectsNode === 'function');
  if (live.length === 0) return { parts: [], text: '' };
  for (const seg of collected.segments) {
    const node = seg.node;
    for (const range of live) {
      if (!range.intersectsNode(node)) continue;
      const length = seg.end - seg.start;
      const a = node === range.startContainer ? Math.min(range.startOffset, length) : 0;
      const b = node === range.endContainer ? Math.min(range.endOffset, length) : length;
      if (b > a) found.push({ start: seg.start + a, end: seg.start + b });
    }
  }
  found.sort((x, y) => x.start - y.start);
  const parts: TextRange[] = [];
  for (const r of found) {
    const last = parts.at(-1);
    // Runs apart only by separators or white space are one run: a selection over two blocks.
    if (last && (r.start <= last.end || !/\S/.test(collected.text.slice(last.end, r.start))))
      last.end = Math.max(last.end, r.end);
    else parts.push({ ...r });
  }
  return capParts(collected, parts, max);
}

/** `parts` cut at a word's end so that their text is at most `max` characters. */
function capParts(
  words: Pick<PassageWords, 'text' | 'blocks'>,
  parts: TextRange[],
  max: number,
): { parts: TextRange[]; text: string } {
  let text = textOfParts(words, parts);
  let room = parts.reduce((n, p) => n + p.end - p.start, 0);
  for (let tries = 0; text.length > max; tries++) {
    // Collapsing only shortens a run, but each block adds a line break: cut, then measure again.
    room -= tries < CAP_TRIES ? text.length - max : Math.ceil(room / 2);
    if (room <= 0) return { parts: [], text: '' };
    parts = clip(words.text, parts, room);
    text = textOfParts(words, parts);
  }
  return { parts, text };
}

/** The first `room` characters of `parts`, ending at the end of a word when one ends before. */
function clip(text: string, parts: readonly TextRange[], room: number): TextRange[] {
  const out: TextRange[] = [];
  for (const p of parts) {
    const length = p.end - p.start;
    if (length <= room) {
      out.push(p);
      room -= length;
      continue;
    }
    let end = p.start + room;
    // Not inside a word: back to the white space before it, if the run has one.
    if (/\S/.test(text[end] ?? ' ') && /\S/.test(text[end - 1] ?? ' ')) {
      const space = text.slice(p.start, end).search(/\s\S*$/);
      if (space > 0) end = p.start + space;
      else if (out.length > 0) break;
    }
    if (end > p.start) out.push({ start: p.start, end });
    break;
  }
  return out;
}

/**
 * Reading a page and checking every passage, as if all were about to be sent: the most a
 * question's reading of a page costs. Timed by eval/extract-page.ts and taken apart into its
 * browser calls by eval/check-calls-page.ts, which bundles it against our code or against a
 * baseline checkout's (its `@/` imports resolve there): so it asks only what every checkout since
 * the check before sending has, and looks for the one walk before using it.
 */
import * as readFrame from '@/lib/page/read/read-frame';
import { DEFAULT_MAX_TEXT_CHARS, extractPage } from '@/lib/page/read/extract';
import { checkPassages, type PassageVerdict, type PassageWords } from '@/lib/page/read/passage-check';

/** `plainlyWithin` (lib/page/read/read-frame.ts), absent from a checkout before the one walk. */
const ONE_WALK_TEST = 'plainlyWithin';

/**
 * A frame plainly small enough to be sent whole is read and checked so by the page script, in one
 * walk (lib/page/read/read-frame.ts `checkUpTo`, with the test of its size); a larger one is read, and
 * only the passages chosen are checked (`checkedApart`).
 */
export function checked(): number {
  const plainly = (readFrame as Partial<Record<string, unknown>>)[ONE_WALK_TEST] as typeof readFrame.plainlyWithin | undefined;
  if (plainly === undefined || !plainly(document, DEFAULT_MAX_TEXT_CHARS)) return checkedApart();
  let verdict: PassageVerdict | undefined;
  const page = extractPage(document, { check: true, onChecked: (v) => (verdict = v) });
  return page.passages.length - verdict!.hidden.length;
}

/**
 * The same in two walks, a reading then the check of every passage (lib/page/read/passage-check.ts):
 * what checking every passage of a frame too large to be checked whole would cost.
 */
export function checkedApart(): number {
  let words: PassageWords | undefined;
  const page = extractPage(document, { onWords: (w) => (words = w) });
  return (
    page.passages.length -
    checkPassages(
      document,
      words!,
      page.passages.map((p) => p.id),
    ).hidden.length
  );
}

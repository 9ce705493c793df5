/**
 * One definition of "seen": for a run of words (a text node's, an element's, a frame's box, a
 * quote a page was asked about), what was measured of it and, read top to bottom, the rules that
 * make it unseen (a reader cannot see it) or unproven (nothing measured settles it). Anything not
 * measured as seen is not seen: a test that cannot measure answers "not shown", never "shown".
 *
 * Everyone asks `judge`: the reading walk (only the rows marked `cheap`, lib/page/seen/visibility.ts
 * with `paint: false`), the check before sending (every row, lib/page/seen/visibility.ts and
 * lib/page/read/passage-check.ts), the proof before showing (lib/page/find/quote-seen.ts), the frames a page
 * embeds (lib/page/seen/frame-visibility.ts), and the worker's steps that act on a page's answer
 * (lib/worker/run/seen-step.ts, lib/worker/answer/seen-check.ts, lib/worker/read/seen-pages.ts:
 * `answered`, `provenBy`). Shared because both sides ask it; pure: the values are measured by the
 * callers (lib/page/seen/ancestry.ts, paint.ts, seen.ts, behind.ts, cover.ts), which return values
 * (their shapes: measured.ts), leaving thresholds (thresholds.ts) and "unknown is not seen" to the
 * rows of the table (rules.ts; the few still decided where they are measured are listed in
 * docs/security.md), so every rule is tested without layout, and a row changed there changes every
 * caller's answer. A PDF's glyphs have a sibling table, lib/shared/seen/pdf-seen.ts.
 */
import type { NotSeen, SeenResult } from '@/lib/shared/protocol/types';
import { MIN_OPACITY } from './thresholds';
import type { Measured, SeenRule } from './measured';
import { SEEN_RULES } from './rules';

/** Seen, not seen, or not settled by anything measured (then treated as not seen). */
export type SeenVerdict = { seen: 'seen' } | { seen: 'unseen' | 'unproven'; why: NotSeen };

const SEEN: SeenVerdict = { seen: 'seen' };

/** Bumped when a test changes the table (tests/support/seen-rules.ts): every `asker` takes its rows again. */
let version = 0;

/** After a test changed the table: the rows each asker asks are taken again from it. */
export function rulesChanged(): void {
  version++;
}

/**
 * The first rule that applies to what was measured, or seen. `cheap`: only the rows the reading
 * walk asks of every element (the others are asked of the words about to be sent).
 */
export function judge(m: Measured, cheap = false): SeenVerdict {
  for (let i = 0; i < SEEN_RULES.length; i++) {
    const rule = SEEN_RULES[i]!;
    if (cheap && rule.cheap !== true) continue;
    if (rule.when(m)) return { seen: rule.seen, why: rule.why };
  }
  return SEEN;
}

/**
 * `judge` for a caller that measures only `fields` (the reading walk asks each element's display,
 * a hot path): the same rows of the same table, in its order, but only those that read one of
 * `fields` (and, `cheap`, only the cheap ones), so that a walk does not ask every row of every
 * element. A row that reads none of them could not apply to what such a caller measures.
 */
export function asker(fields: readonly (keyof Measured)[], cheap = false): (m: Measured) => SeenVerdict {
  let rows: readonly SeenRule[] = [];
  let taken = -1;
  return (m) => {
    if (taken !== version) {
      rows = SEEN_RULES.filter((r) => (!cheap || r.cheap === true) && r.reads.some((f) => fields.includes(f)));
      taken = version;
    }
    for (let i = 0; i < rows.length; i++) {
      const rule = rows[i]!;
      if (rule.when(m)) return { seen: rule.seen, why: rule.why };
    }
    return SEEN;
  };
}

/** Whether what was measured is seen (`judge`). */
export function seen(m: Measured, cheap = false): boolean {
  return judge(m, cheap).seen === 'seen';
}

/** Why what was measured is not seen (`judge`), or null when it is. */
export function whyUnseen(m: Measured): NotSeen | null {
  const verdict = judge(m);
  return verdict.seen === 'seen' ? null : verdict.why;
}

/**
 * The worker's reading of a page's answer about a quote (lib/page/find/quote-seen.ts): no answer is
 * `answered: false`; an answer is judged as answered, then by what the page measured.
 */
export function provenBy(result: SeenResult | undefined): SeenVerdict {
  const asked = judge({ answered: result !== undefined });
  if (asked.seen !== 'seen' || result === undefined) return asked;
  if (result.drawn) return SEEN;
  return { seen: SEEN_RULES.find((r) => r.why === result.reason)?.seen ?? 'unseen', why: result.reason };
}

/** A verdict as the page's reply about a quote says it. */
export function seenResultOf(verdict: SeenVerdict): SeenResult {
  return verdict.seen === 'seen' ? { drawn: true } : { drawn: false, reason: verdict.why };
}

/** Why a quote is not drawn, in words for the model (on retry) and the failure log: "The quote … {why}". */
export const WHY_SAID: Record<NotSeen, string> = {
  'not-rendered': 'is not rendered (display: none, visibility: hidden, opacity 0, content-visibility: hidden, or no box)',
  faint: `is drawn almost transparent (opacity below ${MIN_OPACITY})`,
  unproven: 'is drawn through a mask, blend mode or filter, or in a way that cannot be measured',
  transparent: 'is drawn in a transparent colour',
  'tiny-font': 'is of no readable size',
  'no-area': 'has no area on the page',
  outside: 'lies outside the page',
  'same-colour': 'is the colour of what is behind it',
  clipped: 'is clipped away',
  covered: 'is covered by another box',
  'not-found': 'is no longer shown on the page',
  reordered: 'is drawn in an order no reader reads (its letters against their own direction)',
  'no-answer': 'is not checked: its page did not answer in time, or no longer holds the reading asked about',
};

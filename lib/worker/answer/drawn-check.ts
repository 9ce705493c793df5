/**
 * The last step before a verified claim is shown: each of its quotes must be proven drawn for a
 * reader in its live page (lib/page/drawn.ts), since words in a page's code are not words the user
 * can see. A quote that is not is a broken citation like any other (the pipeline retries, drops
 * the claim or abstains) and its reason goes to the failure log. Which quotes to ask about and
 * what their answers make of the verification is decided here, purely; asking the pages is
 * injected (lib/worker/read/drawn-pages.ts, wired in lib/worker/run/ask.ts).
 */
import type { Verification } from './verify';
import type { Problem, ShownCitation, ShownClaim } from '@/lib/shared/run';
import type { DrawnResult } from '@/lib/shared/types';

/** Asks the pages about the quotes, as the screens would show them, in order; one result per quote. */
export type CheckDrawn = (citations: ShownCitation[]) => Promise<DrawnResult[]>;

/**
 * Whether a quote's words can be proven drawn in a live page: not a PDF's (read from the file,
 * drawn by the viewer), nor a video's captions (read from its caption track: the words the player
 * shows when captions are on, proven by the transcript, docs/security.md), nor the selection the
 * browser gave with the context menu (the user saw it).
 */
export function askedAboutInPage(c: ShownCitation, fromSelection: boolean): boolean {
  return c.page === undefined && c.video === undefined && !fromSelection;
}

/** Why a quote is not drawn, in a sentence for the model (on retry) and the failure log. */
const REASONS: Record<Exclude<DrawnResult, { drawn: true }>['reason'], string> = {
  'not-rendered': 'is not rendered (opacity 0, content-visibility: hidden, or no box)',
  faint: 'is drawn almost transparent (opacity below 0.1)',
  unproven: 'is drawn through a mask, blend mode or filter, or in a way that cannot be measured',
  transparent: 'is drawn in a transparent colour',
  'tiny-font': 'is of no readable size',
  'no-area': 'has no area on the page',
  outside: 'lies outside the page',
  'same-colour': 'is the colour of what is behind it',
  clipped: 'is clipped away',
  covered: 'is covered by another box',
  'not-found': 'is no longer shown on the page',
};

/** One quote, as the page is asked about it: the same quote in the same frame is asked once. */
export function drawnKey(c: ShownCitation): string {
  return [c.tabId, c.frameId, c.passageOrder, c.literal, ...(c.parts ?? [])].join('\u0000');
}

/**
 * `check` with its answers kept: a claim shown while the answer streamed, then verified again
 * with the whole answer, asks its page once.
 */
export function rememberDrawn(check: CheckDrawn): CheckDrawn {
  const known = new Map<string, Promise<DrawnResult>>();
  return async (citations) => {
    const ask = citations.filter((c) => !known.has(drawnKey(c)));
    if (ask.length > 0) {
      const answers = check(ask);
      ask.forEach((c, i) =>
        known.set(
          drawnKey(c),
          answers.then((r) => r[i] ?? NOT_PROVEN),
        ),
      );
      // A failure of the question is no answer: asked again next time.
      answers.catch(() => ask.forEach((c) => known.delete(drawnKey(c))));
    }
    return Promise.all(citations.map((c) => known.get(drawnKey(c))!));
  };
}

/** A quote the pages gave no answer about is not proven. */
const NOT_PROVEN: DrawnResult = { drawn: false, reason: 'not-found' };

/** Whether every quote of `claim` its page can be asked about is drawn there. */
export async function claimDrawn(
  claim: ShownClaim,
  fromSelection: (index: number) => boolean,
  check: CheckDrawn,
): Promise<boolean> {
  const asked = claim.citations.filter((c) => askedAboutInPage(c, fromSelection(c.index)));
  if (asked.length === 0) return true;
  const results = await check(asked);
  return asked.every((_, i) => results[i]?.drawn === true);
}

/**
 * The verification with every verified quote that its page says is not drawn turned into a
 * problem (kind `not-drawn`), and its claim no longer ok. `shownOf(c)` is claim `c` as it would
 * be shown (its quotes repaired); quotes of claims that already failed are not asked about.
 */
export async function withDrawnProof(
  verification: Verification,
  shownOf: (claim: number) => ShownClaim,
  fromSelection: (index: number) => boolean,
  check: CheckDrawn,
): Promise<Verification> {
  const queries: ShownCitation[] = [];
  const at: Array<{ claim: number; citation: number }> = [];
  verification.claimOk.forEach((ok, c) => {
    if (!ok) return;
    shownOf(c).citations.forEach((cit, k) => {
      if (!askedAboutInPage(cit, fromSelection(cit.index))) return;
      queries.push(cit);
      at.push({ claim: c, citation: k });
    });
  });
  if (queries.length === 0) return verification;
  const results = await check(queries);
  const problems: Problem[] = [...verification.problems];
  const claimOk = [...verification.claimOk];
  at.forEach(({ claim, citation }, i) => {
    const r = results[i] ?? NOT_PROVEN;
    if (r.drawn) return;
    const cit = queries[i]!;
    claimOk[claim] = false;
    problems.push({
      kind: 'not-drawn',
      claim,
      citation,
      index: cit.index,
      literal: cit.literal,
      reason: r.reason,
      message: `The quote "${cit.literal}" from document ${cit.index} ${REASONS[r.reason]}: a reader cannot see it. Quote words the page shows.`,
    });
  });
  return { ...verification, problems, claimOk };
}

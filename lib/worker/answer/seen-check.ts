/**
 * The last step before a verified claim is shown: each of its quotes must be proven drawn for a
 * reader in its live page (lib/page/find/quote-seen.ts), since words in a page's code are not words the user
 * can see. A quote that is not is a broken citation like any other (the pipeline retries, drops
 * the claim or abstains) and its reason goes to the failure log. Which quotes to ask about and
 * what their answers make of the verification is decided here, purely, each answer (or its
 * absence) judged by the one table of rules of what a reader sees (lib/shared/seen/seen.ts `provenBy`,
 * which also says each reason in words); asking the pages is
 * injected (lib/worker/read/seen-pages.ts, wired in lib/worker/run/ask.ts).
 */
import type { Verification } from './verify';
import type { Problem, ShownCitation, ShownClaim } from '@/lib/shared/answer/run';
import type { SeenResult } from '@/lib/shared/protocol/types';
import { seenResultOf, judge, provenBy, WHY_SAID } from '@/lib/shared/seen/seen';

/** Asks the pages about the quotes, as the screens would show them, in order; one result per quote. */
export type CheckSeen = (citations: ShownCitation[]) => Promise<SeenResult[]>;

/**
 * Whether a quote can be proven drawn in a live page: not a PDF's (read from the file, drawn by the
 * viewer), nor the selection the browser gave with the context menu (the user saw it). A quote of a
 * video's captions is asked whether its player is one a reader sees now (its words are the
 * transcript's, which the verifier matched: lib/page/video/prove-players.ts), except on a YouTube
 * watch page, whose player is the site's own and read from the site's data (docs/video.md).
 */
export function askedAboutInPage(c: ShownCitation, fromSelection: boolean): boolean {
  if (c.video !== undefined) return !c.video.key.startsWith('youtube:');
  return c.page === undefined && !fromSelection;
}

/** One quote, as the page is asked about it: the same quote in the same frame is asked once. */
export function seenKey(c: ShownCitation): string {
  return [c.tabId, c.frameId, c.passageOrder, c.literal, ...(c.parts ?? [])].join('\u0000');
}

/**
 * `check` with its answers kept: a claim shown while the answer streamed, then verified again
 * with the whole answer, asks its page once.
 */
export function rememberSeen(check: CheckSeen): CheckSeen {
  const known = new Map<string, Promise<SeenResult>>();
  return async (citations) => {
    const ask = citations.filter((c) => !known.has(seenKey(c)));
    if (ask.length > 0) {
      const answers = check(ask);
      ask.forEach((c, i) =>
        known.set(
          seenKey(c),
          answers.then((r) => r[i] ?? notProven()),
        ),
      );
      // A failure of the question is no answer: asked again next time.
      answers.catch(() => ask.forEach((c) => known.delete(seenKey(c))));
    }
    return Promise.all(citations.map((c) => known.get(seenKey(c))!));
  };
}

/** A quote the pages gave no answer about is not proven (the table's row for no answer). */
const notProven = (): SeenResult => seenResultOf(judge({ answered: false }));

/** Whether every quote of `claim` its page can be asked about is drawn there. */
export async function claimSeen(
  claim: ShownClaim,
  fromSelection: (index: number) => boolean,
  check: CheckSeen,
): Promise<boolean> {
  const asked = claim.citations.filter((c) => askedAboutInPage(c, fromSelection(c.index)));
  if (asked.length === 0) return true;
  const results = await check(asked);
  return asked.every((_, i) => provenBy(results[i]).seen === 'seen');
}

/**
 * The verification with every verified quote that its page says is not drawn turned into a
 * problem (kind `not-drawn`), and its claim no longer ok. `shownOf(c)` is claim `c` as it would
 * be shown (its quotes repaired); quotes of claims that already failed are not asked about.
 */
export async function withSeenProof(
  verification: Verification,
  shownOf: (claim: number) => ShownClaim,
  fromSelection: (index: number) => boolean,
  check: CheckSeen,
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
    const verdict = provenBy(results[i]);
    if (verdict.seen === 'seen') return;
    const cit = queries[i]!;
    claimOk[claim] = false;
    problems.push({
      kind: 'not-drawn',
      claim,
      citation,
      index: cit.index,
      literal: cit.literal,
      reason: verdict.why,
      // (Unproven is not unseen: a quote that could not be measured is not said to be hidden.)
      message:
        verdict.seen === 'unseen'
          ? `The quote "${cit.literal}" from document ${cit.index} ${WHY_SAID[verdict.why]}: a reader cannot see it. Quote words the page shows.`
          : `The quote "${cit.literal}" from document ${cit.index} ${WHY_SAID[verdict.why]}: it cannot be shown as checked. Quote words the page shows.`,
    });
  });
  return { ...verification, problems, claimOk };
}

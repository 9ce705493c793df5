/**
 * A click's requests to the cited frame (reveal-citation.ts carries the click out): the quote
 * finder injected, the style sheet added and the quote found and held (or painted), and a note
 * said at the top of the page. Apart, so that each request to a page has its time limit in one
 * place (time-limit.ts): a page that answers nothing (a frozen tab) is said, never waited on.
 */
import { browser } from 'wxt/browser';
import { HIGHLIGHT_CSS } from '@/lib/shared/core/highlight-style';
import { t } from '@/lib/shared/core/i18n';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';
import type { ScreenBoxes } from '@/lib/shared/protocol/types';
import { callPage, callQuoteFinder } from '@/lib/worker/read/call-page';
import { NoAnswerInTime, PAGE_ANSWER_MS, withinLimit } from './time-limit';

/**
 * `partial`: the words the highlight covers, when they are only some of the quote's.
 * `unmeasured`: the page laid nothing out to measure (a tab woken behind the others): shown, it may.
 */
export type Attempt =
  | { ok: true; partial?: string; screen?: ScreenBoxes; drawn?: boolean }
  | { ok: false; gone: true; notSeen?: boolean; unmeasured?: boolean }
  | { ok: false; gone: false; error: string };

/**
 * Asks the frame's quote finder (injected if it has none) for the highlight, and puts the style
 * sheet in where it is not yet; `hold`: not painted until the pixels are seen (on-screen.ts), the quote's boxes in `screen`.
 */
export async function highlightIn(
  tabId: number,
  frameId: number,
  target: QuoteTarget,
  others: QuoteTarget[],
  hold = true,
): Promise<Attempt> {
  try {
    // A page that answers nothing (a frozen tab runs no task; the injection waits until it is
    // shown) is said within the limit; asked nothing after it, and what it holds is dropped.
    let late = false;
    const asked = { stillWanted: () => !late };
    // The styles as an extension style sheet, which the page cannot remove; once per document
    // (the quote finder knows whether it is in), since adding one restyles the whole page. A quote
    // held is not painted, and nothing of the sheet applies to it: the sheet goes in while the
    // quote is found, in before it is painted.
    const sheetNow = callQuoteFinder(tabId, frameId, { type: 'style-sheet' }, asked).catch(() => ({ added: false }));
    const styled = sheetNow.then(({ added }) => (added || late ? undefined : addStyleSheet(tabId, frameId)));
    // A quote painted at once (not held) is painted with the sheet in.
    const found = (hold ? sheetNow : styled).then(() =>
      callQuoteFinder(tabId, frameId, { type: 'highlight', target, others, hold }, asked),
    );
    const [outcome] = await withinLimit(Promise.all([found, styled]), PAGE_ANSWER_MS, () => {
      late = true;
      void found.then(() => callPage(tabId, frameId, { type: 'clear-highlight' })).catch(() => {});
      throw new NoAnswerInTime('highlight', PAGE_ANSWER_MS);
    });
    if (outcome.ok && outcome.partial) {
      // Said in the popup with the words it covers, never as the whole quote: painted as before.
      if (hold) await callPage(tabId, frameId, { type: 'show-held' });
      return { ok: true, partial: outcome.text };
    }
    if (outcome.ok) return outcome.screen ? { ok: true, screen: outcome.screen, drawn: outcome.drawn === true } : { ok: true };
    if (outcome.reason !== 'not-drawn') return { ok: false, gone: true };
    return { ok: false, gone: true, notSeen: true, ...(outcome.why === 'unproven' ? { unmeasured: true } : {}) };
  } catch (err) {
    if (err instanceof NoAnswerInTime) return { ok: false, gone: false, error: t('detailNoAnswer') };
    return { ok: false, gone: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Puts the highlight's style sheet in the frame, the copy of an earlier quote finder's first (a
 * frame's quote finder from before an update knows nothing of it), and tells the quote finder.
 */
async function addStyleSheet(tabId: number, frameId: number): Promise<void> {
  const sheet = { target: { tabId, frameIds: [frameId] }, css: HIGHLIGHT_CSS };
  await browser.scripting.removeCSS(sheet).catch(() => {});
  const added = await browser.scripting.insertCSS(sheet).then(
    () => true,
    () => false,
  );
  if (added) await callPage(tabId, frameId, { type: 'style-sheet', added: true }).catch(() => {});
}

/** Says `message` at the top of the tab's page, in its top frame (nothing is said where the page cannot be scripted). */
export async function sayInPage(tabId: number, message: string): Promise<void> {
  try {
    const said = callQuoteFinder(tabId, 0, { type: 'note', text: `${t('extName')}: ${message}` });
    await withinLimit(said, PAGE_ANSWER_MS, () => undefined);
  } catch {
    // A page that cannot be scripted: the screens still say it when opened.
  }
}

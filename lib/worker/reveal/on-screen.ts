/**
 * The last step of a click on a citation, between the page's proof and the highlight: the quote
 * is held in its page (found, revealed, scrolled into view, proven drawn by the page's code, not
 * painted); here its tab is brought in front if it is not, the page asked to draw, the visible tab
 * captured and the quote's line boxes measured (screen-proof.ts). Only glyphs seen on screen are
 * painted as the page's; otherwise the held quote is dropped and the verdict says why. The tab
 * must be the one in front before and after the capture: a picture that may be of another tab
 * confirms nothing. A quote in a frame whose parent is of another origin is first placed in the top
 * view by the frames above it (place-in-top.ts), or not measured at all. A quote with no glyphs where it was measured is scrolled to, measured and
 * proven once more: a page may have moved it since. Each wait has its limit (time-limit.ts): a proof not done within
 * `PROOF_MS` is `unconfirmed`, and the held quote is dropped.
 */
import { browser } from 'wxt/browser';
import type { ScreenBoxes } from '@/lib/shared/protocol/types';
import { callPage } from '@/lib/worker/read/call-page';
import { browserPlace, placeInTop } from './place-in-top';
import { browserScreen, proveOnScreen, type ScreenVerdict } from './screen-proof';
import { PAGE_ANSWER_MS, PROOF_MS, withinLimit } from './time-limit';

/** What the page said of the quote it holds: where it is on screen, and whether it was drawn in view since. */
export interface Held {
  screen?: ScreenBoxes;
  drawn?: boolean;
}

/** Whether the tab is its window's active tab now, and which window that is. */
async function inFront(tabId: number): Promise<{ windowId: number } | null> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return tab?.active && tab.windowId !== undefined ? { windowId: tab.windowId } : null;
}

/**
 * Proves the held quote on screen and paints it, or drops it. `bringForward` is called only when
 * the tab is not in front already (it closes the popup). `shown`: painted; otherwise nothing is.
 */
export async function showIfOnScreen(
  tabId: number,
  frameId: number,
  held: Held,
  bringForward: () => Promise<void>,
): Promise<ScreenVerdict> {
  const unconfirmed = (): ScreenVerdict => 'unconfirmed';
  const verdict = await withinLimit(proveHeld(tabId, frameId, held, bringForward), PROOF_MS, unconfirmed).catch(unconfirmed);
  if (verdict === 'shown') {
    const paint = callPage(tabId, frameId, { type: 'show-held' });
    const shown = await withinLimit(paint, PAGE_ANSWER_MS, () => ({ ok: false })).catch(() => ({ ok: false }));
    if (shown.ok) return 'shown';
  }
  // A proof past its limit may still be under way: the quote it holds is dropped, so that nothing
  // is painted after the verdict (show-held is asked only above). Sent, not waited on: the page's
  // requests are answered in order, and a page that answers nothing must not hold the verdict.
  void callPage(tabId, frameId, { type: 'clear-highlight' }).catch(() => {});
  return verdict === 'shown' ? 'unconfirmed' : verdict;
}

async function proveHeld(tabId: number, frameId: number, held: Held, bringForward: () => Promise<void>): Promise<ScreenVerdict> {
  if (!held.screen) return 'unconfirmed';
  // Drawn in front already (the tab the popup is over), or brought in front, where it may be laid
  // out at another size: asked to scroll to the quote again, draw and measure it anew.
  let before = await inFront(tabId);
  let screen: ScreenBoxes | undefined = held.drawn === true && before !== null ? held.screen : undefined;
  if (!screen) {
    if (!before) await bringForward();
    const drawn = await callPage(tabId, frameId, { type: 'painted' });
    screen = drawn.ok ? drawn.screen : undefined;
    before = await inFront(tabId);
  }
  if (!screen || !before) return 'unconfirmed';
  const { windowId } = before;
  // A quote in a frame of another origin than its parent, placed in the top view by the frames
  // above it (place-in-top.ts); one that cannot be placed is not measured.
  const place = browserPlace(tabId);
  const placed = await placeInTop(screen, place);
  if (!placed) return 'unconfirmed';
  // In front still once the picture is taken: asked while the picture is measured.
  const stillInFront = async () => (await inFront(tabId))?.windowId === windowId;
  let verdict = await proveOnScreen(placed, windowId, browserScreen, stillInFront);
  // A page may move after its quote was measured (a block arriving above it once it is scrolled
  // to, a picture or a font arriving late): no glyphs where the quote was is then no proof of
  // anything. Scrolled to, measured and proven once more, as strictly; a verdict that stands twice stands.
  if (verdict === 'not-shown') {
    const now = await callPage(tabId, frameId, { type: 'painted' });
    const again = now.ok && now.screen ? await placeInTop(now.screen, place) : null;
    if (again) verdict = await proveOnScreen(again, windowId, browserScreen, stillInFront);
  }
  return verdict;
}

/**
 * Click → highlight timed by the browser, as a user meets it: from the click event in the screen
 * (its event time, so a busy screen counts) to the first frame of the page that paints the quote
 * highlighted (an animation frame sees it registered: that frame shows it). DevTools' way to a
 * click (scrolling the button into view, finding its box, pressing and releasing: 15-30 ms here)
 * and the bench's polling of the page (every 5 ms, each a DevTools call) are no part of the click.
 * Both times are wall clock (`Date.now()` less how long ago the event was), one clock for the two
 * processes. The wall time seen from the bench is kept beside it.
 */
import type { Page } from 'puppeteer-core';

declare global {
  interface Window {
    benchClickAt?: number;
    benchHighlightAt?: number;
  }
}

/** Watches the page's frames until one paints the quote (`words`, or any, when empty). */
const PAGE_WATCH = `function (w) {
  delete window.benchHighlightAt;
  function seen() {
    var h = CSS.highlights.get('cited-quote');
    var text = h ? Array.from(h, function (r) { return r.toString(); }).join(' ') : '';
    var marked = Array.from(document.querySelectorAll('mark[data-cited-quote="active"]'), function (m) { return m.textContent; }).join(' ');
    return w === '' ? text !== '' || marked !== '' : text.indexOf(w) >= 0 || marked.indexOf(w) >= 0;
  }
  function tick(at) {
    if (seen()) window.benchHighlightAt = Date.now() - (performance.now() - at);
    else requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
}`;

/**
 * Starts the clock before the click; `clicked()` right after it, `read()` once the quote is seen
 * highlighted: the time in ms, or undefined if either end was not timed.
 */
export async function clickClock(
  screen: Page,
  page: Page,
  words: string,
): Promise<{ clicked: () => Promise<void>; read: () => Promise<number | undefined> }> {
  await screen.evaluate(() => {
    delete window.benchClickAt;
    document.addEventListener('click', (e) => (window.benchClickAt = Date.now() - (performance.now() - e.timeStamp)), {
      capture: true,
      once: true,
    });
  });
  // As source text: the bench runs through tsx, whose names for inner functions the page lacks.
  await page.evaluate(`(${PAGE_WATCH})(${JSON.stringify(words)})`);
  let clicked: number | undefined;
  return {
    // Read at once: the screen may close as the tab comes in front.
    clicked: async () => {
      clicked = await screen.evaluate(() => window.benchClickAt).catch(() => undefined);
    },
    read: async () => {
      // The bench may see the quote registered before the frame that paints it has begun.
      await page.waitForFunction('window.benchHighlightAt !== undefined', { timeout: 2000 }).catch(() => {});
      const shown = await page.evaluate(() => window.benchHighlightAt).catch(() => undefined);
      return clicked === undefined || shown === undefined ? undefined : Math.round(shown - clicked);
    },
  };
}

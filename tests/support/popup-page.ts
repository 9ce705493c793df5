/**
 * The popup as a user meets it, by role and accessible name: opened by the toolbar button over a
 * page, a question asked, the answer's text read, a citation clicked by its name, and what the
 * page then highlights.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import type { Harness } from './extension-browser';
import type { RecordedRequest, Reply } from './stand-in/messages-api';

export async function openFixture(h: Harness, name: string): Promise<Page> {
  const page = await h.browser.newPage();
  await page.goto(`${h.fixtures}/${name}`, { waitUntil: 'load' });
  return page;
}

/**
 * Opens the real popup over `page` by a click on the toolbar button (DevTools'
 * `Extensions.triggerAction`), which, as for a user, also gives the extension that tab
 * (`activeTab`); `chrome.action.openPopup()` from the worker opens the same popup but grants
 * nothing (checked with Chromium 156). It is ready when its question box (named `question` in
 * the browser's language) is.
 */
export async function openPopup(h: Harness, page: Page, question = 'Question'): Promise<Page> {
  await page.bringToFront();
  const extension = [...(await h.browser.extensions()).values()][0];
  if (!extension) throw new Error('no extension installed');
  await page.triggerExtensionAction(extension);
  const target = await h.browser.waitForTarget((t) => t.url().endsWith('/popup.html'));
  const popup = (await target.asPage())!;
  await popup.waitForSelector(`::-p-aria(${question})`);
  return popup;
}

/**
 * Clicks `selector` in the popup opened over `page`. The browser's own PDF viewer may take the
 * focus as it finishes loading, which closes the popup as any loss of focus does; the answer is
 * kept, so the popup is opened again over the page and the click made there (twice at most).
 */
export async function clickInPopup(h: Harness, page: Page, popup: Page, selector: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await popup.locator(selector).setTimeout(10_000).click();
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
      popup = await openPopup(h, page);
    }
  }
}

/**
 * Closes a popup that a click may already be closing: a citation's click gives its page the focus,
 * which closes the popup at the browser's own pace, so it can vanish between `isClosed()` and
 * `close()` ("No target with given id found", seen once in CI). Gone either way is what's wanted.
 */
export async function closeIfOpen(popup: Page): Promise<void> {
  if (popup.isClosed()) return;
  await popup.close().catch((error: unknown) => {
    if (!popup.isClosed() && !/No target with given id/.test(String(error))) throw error;
  });
}

export async function ask(popup: Page, question: string, scope: 'This tab' | 'All tabs in this window' = 'This tab') {
  const box = await popup.waitForSelector('::-p-aria(Question)');
  await box!.click({ count: 3 });
  await box!.type(question);
  await popup.locator(`::-p-aria(${scope})`).click();
  await popup.locator('::-p-aria(Ask[role="button"])').click();
}

/**
 * Asks `question` in `popup` as `ask` does, the stand-in answering with `reply`; resolves once
 * Ask is pressed, with when (`pressed`) and when the request reached the stand-in (`sent()`, 0
 * until it has): the benchmarks' Ask → request.
 */
export async function askTimed(
  h: Harness,
  popup: Page,
  question: string,
  scope: string,
  reply: (req: RecordedRequest) => Reply,
  /** Typed as a person types, over about this long, the scope chosen first; at once otherwise, the scope after. */
  typingMs = 0,
): Promise<{ pressed: number; sent: () => number }> {
  let sentAt = 0;
  h.api.enqueue((req) => {
    sentAt = Date.now();
    return reply(req);
  });
  if (typingMs > 0) await popup.locator(`::-p-aria(${scope})`).click();
  const box = await popup.waitForSelector('::-p-aria(Question)');
  await box!.click({ count: 3 });
  await box!.type(question, { delay: typingMs / question.length });
  if (typingMs === 0) await popup.locator(`::-p-aria(${scope})`).click();
  const askButton = await popup.waitForSelector('::-p-aria(Ask[role="button"])');
  const pressed = Date.now();
  await askButton!.click();
  return { pressed, sent: () => sentAt };
}

/** The text of the answer region once the pipeline has finished. */
export async function answerText(popup: Page): Promise<string> {
  const region = await popup.waitForSelector('::-p-aria([name="Answer"][role="region"])', { timeout: 30_000 });
  // The parts loaded when first shown (the coverage line, the details) read whole once arrived;
  // one that never arrives is read as it is after 10 s (the test then says what is missing).
  await region!
    .evaluate(
      (el) =>
        new Promise<void>((done) => {
          const end = Date.now() + 10_000;
          const wait = () => (!el.querySelector('[data-part-loading]') || Date.now() > end ? done() : setTimeout(wait, 20));
          wait();
        }),
    )
    .catch(() => {});
  return region!.evaluate((el) => (el as HTMLElement).innerText);
}

/** The words of the popup's alert (a click's note, an error), once it shows one within `timeout` ms. */
export async function alertOf(popup: Page, timeout = 20_000): Promise<string> {
  const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout });
  return alert!.evaluate((el) => (el as HTMLElement).innerText);
}

/** What the page has registered under `cited-quote`, read from the page's own world. */
export async function highlightedText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const h = CSS.highlights.get('cited-quote');
    if (!h) return null;
    return [...h].map((r) => r.toString()).join(' ');
  });
}

/**
 * Clicks a citation in `screen` (the popup or the side panel) by its accessible name: the cited
 * page's site and title, never a number.
 */
export async function clickCitation(screen: Page, page: Page): Promise<void> {
  const name = `${new URL(page.url()).host} — ${await page.title()}`;
  await screen.locator(citationNamed(name)).click();
}

/**
 * A selector of the citation whose accessible name is its page's `name` (`site — title…`): a
 * search result's chip is named so, a marker after a claim begins its name with the number it
 * shows ("1: ", "1·2: ").
 */
export function citationNamed(name: string): string {
  const quoted = name.replace(/["\\]/g, '\\$&');
  return `button[aria-label="${quoted}"], button[aria-label$=": ${quoted}"]`;
}

/** The citation button of the claim that says `claimText`; named by page title and site, as users hear it. */
export async function citationOf(popup: Page, claimText: string): Promise<ElementHandle<HTMLButtonElement>> {
  const handle = await popup.evaluateHandle((text) => {
    // A claim is shown as the model's words, its citations as numbered markers after them.
    const claim = [...document.querySelectorAll('li')].find((li) => li.querySelector('.model-words')?.textContent === text);
    return claim?.querySelector('button') ?? null;
  }, claimText);
  const button = handle.asElement() as ElementHandle<HTMLButtonElement> | null;
  if (!button) throw new Error(`no citation for claim "${claimText}"`);
  return button;
}

/** The citations in `within` (markers after claims, or chips of search results). */
export const CITATIONS = (within = '') =>
  within ? `${within} button.marker, ${within} .citation button` : 'button.marker, .citation button';

/** Opens each folded earlier turn of the thread, so that its claims and citations are shown. */
export async function openEarlierTurns(screen: Page): Promise<void> {
  await screen.$$eval('.turn details:not([open]) > summary', (summaries) => summaries.forEach((s) => (s as HTMLElement).click()));
}

/**
 * The screens the README's pictures show (docs/screenshots/), driven as a user drives them: the
 * popup with an answer from two tabs, the side panel beside its page (light and dark), the
 * history, the options. One flow for `npm run screenshots` (scripts/screenshots.ts), which
 * pictures each screen, and for tests/e2e/screenshots.test.ts, which compares the names and labels
 * each screen shows today with those recorded beside its picture (docs/screenshots/screens.json):
 * a picture of a screen that has since changed fails that test, not a pixel.
 */
import { resolve } from 'node:path';
import type { Page, SerializedAXNode } from 'puppeteer-core';
import { clearStorage, putHistoryIn } from './extension-storage';
import {
  answerReply,
  answerText,
  ask,
  highlightedText,
  indexOf,
  openFixture,
  openPopup,
  useStandIn,
  type Harness,
} from './harness';
import { openAdvanced, seedDiagnostics } from './options-page';
import { openSidePanel } from './side-panel';

/** The names and labels of each picture, as `npm run screenshots` recorded them beside it. */
export const SCREENS_JSON = resolve(import.meta.dirname, '../../docs/screenshots/screens.json');

/** What the flow does with each screen: pictures it (the script), or only reads its names (the test). */
export interface Camera {
  /** Pictures `page` as `name` (a file in docs/screenshots/); returns the PNG, or null when none is taken. */
  shoot: (page: Page, name: string) => Promise<Buffer | null>;
  /** Whether pictures are taken: the side panel's composite needs the page's. */
  pictures: boolean;
}

/** The names and labels a screen shows, as the browser's accessibility tree has them. */
export type ScreenNames = string[];

const ROLES = new Set([
  'button',
  'checkbox',
  'combobox',
  'heading',
  'link',
  'radio',
  'region',
  'textbox',
  'searchbox',
  'spinbutton',
  'tab',
  'alert',
  'status',
]);

/**
 * `role: name` of each control, heading and region `page` shows, in reading order. The fixture
 * server's port (in citations' names) is left out: it changes with each run.
 */
export async function screenNames(page: Page): Promise<ScreenNames> {
  const root = await page.accessibility.snapshot({ interestingOnly: true });
  const out: string[] = [];
  const walk = (node: SerializedAXNode | null | undefined) => {
    if (!node) return;
    if (ROLES.has(node.role) && node.name) out.push(`${node.role}: ${node.name.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1')}`);
    for (const child of node.children ?? []) walk(child);
  };
  walk(root);
  return out;
}

const PAGE_SIZE = { width: 860, height: 640 };
const PANEL_SIZE = { width: 380, height: 640 };
/** Pixels per CSS pixel: sharp on high-density screens. */
const SCALE = 2;

const hoursQuote = 'The City Museum opens at 9 a.m. and closes at 6 p.m.';
const lateQuote = 'the museum stays open until 10 p.m. with talks in the main hall';
const ticketQuote = 'Adult tickets cost 12 euros.';
const childQuote = 'Children under twelve enter for free';

function icon(color: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${color}"/><text x="16" y="23" font-family="Arial" font-size="20" font-weight="bold" fill="white" text-anchor="middle">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A fixture page as a reader would see a real one: a favicon and a readable column. */
async function dress(page: Page, favicon: string): Promise<void> {
  await page.setViewport({ ...PAGE_SIZE, deviceScaleFactor: SCALE });
  await page.evaluate((href) => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = href;
    document.head.append(link);
    const style = document.createElement('style');
    style.textContent = `
      body { font: 17px/1.6 Georgia, 'DejaVu Serif', serif; color: #222; background: #fbfaf7; margin: 0; }
      nav { font: 14px system-ui, sans-serif; padding: 14px 48px; background: #2b2d42; }
      nav a { color: #edf2f4; text-decoration: none; margin-right: 4px; }
      main { max-width: 620px; margin: 28px 48px; }
      h1 { font: 600 32px/1.2 system-ui, sans-serif; margin: 0 0 16px; }
      h2 { font: 600 21px system-ui, sans-serif; margin-top: 28px; }`;
    document.head.append(style);
  }, favicon);
}

/** Two pictures side by side, as the browser shows a page and its side panel. */
async function besideEachOther(h: Harness, left: Buffer, right: Buffer, name: string, camera: Camera): Promise<void> {
  const page = await h.browser.newPage();
  await page.setViewport({ width: PAGE_SIZE.width + PANEL_SIZE.width + 1, height: PAGE_SIZE.height, deviceScaleFactor: SCALE });
  const src = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
  await page.setContent(
    `<body style="margin:0;display:flex;background:#888"><img style="width:${PAGE_SIZE.width}px" src="${src(left)}"><div style="width:1px;background:#9aa0aa"></div><img style="width:${PANEL_SIZE.width}px" src="${src(right)}"></body>`,
  );
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
  await camera.shoot(page, name);
  await page.close();
}

/**
 * Drives the screens through the states the README pictures, handing each to `camera`; returns
 * each picture's names (`screenNames`), by file name.
 */
export async function driveScreens(h: Harness, camera: Camera): Promise<Record<string, ScreenNames>> {
  const names: Record<string, ScreenNames> = {};
  const shoot = async (page: Page, name: string) => {
    names[name] = await screenNames(page);
    return camera.shoot(page, name);
  };
  await useStandIn(h);
  const hours = await openFixture(h, 'museum-hours.html');
  await dress(hours, icon('#c92a2a', 'M'));
  const tickets = await openFixture(h, 'museum-tickets.html');
  await dress(tickets, icon('#1c7ed6', 'T'));
  const answer = () =>
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'The museum opens at 9 a.m. and closes at 6 p.m., every day except Monday.',
          citations: [{ index: indexOf(req, 'opens at'), literal: hoursQuote }],
        },
        {
          text: 'On the first Friday of each month it stays open until 10 p.m.',
          citations: [{ index: indexOf(req, 'Late openings'), literal: lateQuote }],
        },
        {
          text: 'An adult ticket costs 12 euros; children under twelve enter for free.',
          citations: [
            { index: indexOf(req, 'Adult tickets'), literal: ticketQuote },
            { index: indexOf(req, 'Adult tickets'), literal: childQuote },
          ],
        },
      ]),
    );
  const question = 'When is the museum open, and what does a ticket cost?';

  // 1. The popup with an answer from two tabs.
  answer();
  const popup = await openPopup(h, tickets);
  await ask(popup, question, 'All tabs in this window');
  await answerText(popup).catch(async (e) => {
    console.log(
      await popup.evaluate(() => document.body.innerText),
      JSON.stringify(h.api.requests.map((r) => [r.method, r.path])),
    );
    throw e;
  });
  await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The popup cannot be emulated at a higher pixel density: its page, showing the same stored
  // answer, is pictured in a tab of the popup's size instead.
  const popupUrl = popup.url();
  await popup.close().catch(() => {});
  const still = await h.browser.newPage();
  await still.setViewport({ width: 420, height: 600, deviceScaleFactor: SCALE });
  await still.goto(popupUrl);
  await still.waitForSelector('::-p-aria([name="Answer"][role="region"])');
  const height = await still.evaluate(() => Math.min(760, document.documentElement.scrollHeight));
  await still.setViewport({ width: 420, height, deviceScaleFactor: SCALE });
  await shoot(still, 'popup-answer.png');
  await still.close();

  // 2. The side panel beside the page, the first quote highlighted, the answer still in view.
  const panel = await openSidePanel(h, hours);
  await panel.setViewport({ ...PANEL_SIZE, deviceScaleFactor: SCALE });
  // A thread of its own, and a history with only the panel's questions.
  await panel.locator('::-p-aria(New question[role="button"])').click();
  await putHistoryIn(h.worker, []);
  answer();
  await ask(panel, question, 'All tabs in this window');
  await answerText(panel).catch(async (e) => {
    console.log(await panel.evaluate(() => document.body.innerText));
    throw e;
  });
  await panel.locator('::-p-aria(Next citation[role="button"])').click();
  for (let i = 0; i < 50 && (await highlightedText(hours)) !== hoursQuote; i++) await new Promise((r) => setTimeout(r, 200));
  await hours.bringToFront();
  await new Promise((r) => setTimeout(r, 300));
  const pagePng = camera.pictures ? Buffer.from(await hours.screenshot({ type: 'png' })) : null;
  await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The panel's names: the page beside it is a fixture.
  const beside = async (name: string) => {
    names[name] = await screenNames(panel);
    if (pagePng) await besideEachOther(h, pagePng, Buffer.from(await panel.screenshot({ type: 'png' })), name, camera);
  };
  await beside('side-panel.png');

  // 3. The same in the dark, as the system's setting asks.
  await panel.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await beside('side-panel-dark.png');
  await panel.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);

  // 4. The history, after a second thread.
  h.api.enqueue((req) =>
    answerReply([
      { text: 'Children under twelve enter for free.', citations: [{ index: indexOf(req, 'Children'), literal: childQuote }] },
    ]),
  );
  await tickets.bringToFront();
  await ask(panel, 'Do children pay?', 'This tab');
  await new Promise((r) => setTimeout(r, 1500));
  await panel.locator('::-p-aria(History[role="button"])').click();
  await panel.waitForSelector('.history-entry');
  await shoot(panel, 'history.png');

  // 5. The options page.
  const options = await h.browser.newPage();
  await options.setViewport({ width: 760, height: 1180, deviceScaleFactor: SCALE });
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  await options.waitForSelector('::-p-aria(API key)');
  await shoot(options, 'options.png');
  return names;
}

/** The redesign's pictures (issue #43): their Harbour Town answers, from tests/fixtures/harbour-guide.html. */
const GUIDE_QUOTES = [
  'leaves every hour from seven in the morning until nine at night',
  'The crossing takes forty minutes in calm weather',
  'Bicycles travel free on every ferry',
  'The lighthouse tower has 214 steps',
  'Tours of the lamp room run on the hour from ten until four',
  'Children under eight cannot climb the tower for safety reasons',
  'The old town is closed to cars from May to September',
  'The harbour museum is free on the first Sunday of each month',
  'Walkers should allow four hours and carry water',
];

/** Claims that each cite one of `quotes` verbatim, their text the quote's own words. */
function guideAnswer(h: Harness, quotes: string[]): void {
  h.api.enqueue((req) =>
    answerReply(quotes.map((q) => ({ text: `${q}.`, citations: [{ index: indexOf(req, q), literal: q }] }))),
  );
}

/** `page` pictured as `name` in the light scheme and as `name`-dark in the dark one. */
async function lightAndDark(page: Page, name: string, shoot: (page: Page, name: string) => Promise<unknown>): Promise<void> {
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  await shoot(page, `${name}.png`);
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
  await shoot(page, `${name}-dark.png`);
  await page.emulateMediaFeatures([]);
}

/** The pictures of `driveAnswerFirstScreens`, by name. */
export const ANSWER_FIRST_PICTURE = /^(popup-nine-claims|popup-thread|side-panel-400)-(en|es)(-dark)?\.png$/;

/**
 * The screens of issue #43, in the browser's language (`lang`, which names the files: "en",
 * "es"): the popup with a nine-claim answer, the popup with a three-turn thread, the side panel at
 * 400 px with that thread, each light and dark. Kept apart from `driveScreens`, whose flow the
 * README's older pictures follow. `h` must be launched in `lang`.
 */
export async function driveAnswerFirstScreens(
  h: Harness,
  camera: Camera,
  lang: 'en' | 'es',
): Promise<Record<string, ScreenNames>> {
  const names: Record<string, ScreenNames> = {};
  const shoot = async (page: Page, name: string) => {
    names[name] = await screenNames(page);
    return camera.shoot(page, name);
  };
  const words =
    lang === 'es'
      ? {
          question: 'Pregunta',
          ask: 'Preguntar',
          here: 'Esta pestaña',
          answer: 'Respuesta',
          fresh: 'Nueva pregunta',
          open: 'Abrir en el panel lateral',
        }
      : {
          question: 'Question',
          ask: 'Ask',
          here: 'This tab',
          answer: 'Answer',
          fresh: 'New question',
          open: 'Open in side panel',
        };
  const askIn = async (screen: Page, question: string, done: string) => {
    const box = await screen.waitForSelector(`::-p-aria(${words.question})`);
    await box!.click({ count: 3 });
    await box!.type(question);
    await screen.locator(`::-p-aria(${words.here})`).click();
    await screen.locator(`::-p-aria(${words.ask}[role="button"])`).click();
    await screen.waitForFunction((w) => document.body.innerText.includes(w), { timeout: 30_000 }, done);
  };
  /** The popup's page, showing what the popup shows, in a tab of its size (the popup cannot be emulated at 2×). */
  const still = async (popup: Page, over: Page) => {
    const url = popup.url();
    await popup.close().catch(() => {});
    const tab = await h.browser.newPage();
    await tab.setViewport({ width: 400, height: 600, deviceScaleFactor: SCALE });
    await over.bringToFront();
    await tab.goto(url);
    // Behind the page the tab has no accessibility tree to query: its answer is awaited by its
    // heading's words, then by its region's name once in front.
    await tab.waitForFunction(
      (w) => [...document.querySelectorAll('h2')].some((h) => h.textContent === w),
      { polling: 100 },
      words.answer,
    );
    await tab.bringToFront();
    await tab.waitForSelector(`::-p-aria([name="${words.answer}"][role="region"])`);
    return tab;
  };
  await useStandIn(h);
  await putHistoryIn(h.worker, []);
  const guide = await openFixture(h, 'harbour-guide.html');
  await dress(guide, icon('#2f9e44', 'H'));
  const questions =
    lang === 'es'
      ? ['¿Qué debo saber antes de visitar Harbour Town?', '¿Cómo llego?', '¿Y el faro?', '¿Y el casco antiguo?']
      : ['What should I know before visiting Harbour Town?', 'How do I get there?', 'And the lighthouse?', 'And the old town?'];

  // 1. The popup with a nine-claim answer.
  guideAnswer(h, GUIDE_QUOTES);
  let popup = await openPopup(h, guide, words.question);
  await askIn(popup, questions[0]!, GUIDE_QUOTES.at(-1)!);
  let tab = await still(popup, guide);
  await lightAndDark(tab, `popup-nine-claims-${lang}`, shoot);
  await tab.close();

  // 2. The popup with a three-turn thread.
  popup = await openPopup(h, guide, words.question);
  await popup.locator(`::-p-aria(${words.fresh}[role="button"])`).click();
  const turns = [GUIDE_QUOTES.slice(0, 2), GUIDE_QUOTES.slice(3, 5), GUIDE_QUOTES.slice(6, 9)];
  for (const [i, quotes] of turns.entries()) {
    guideAnswer(h, quotes);
    await askIn(popup, questions[i + 1]!, quotes.at(-1)!);
  }
  tab = await still(popup, guide);
  await lightAndDark(tab, `popup-thread-${lang}`, shoot);
  await tab.close();

  // 3. The side panel at 400 px, with the same thread.
  const panel = await openSidePanel(h, guide, words);
  await panel.setViewport({ width: 400, height: 640, deviceScaleFactor: SCALE });
  await panel.reload();
  await panel.waitForSelector(`::-p-aria([name="${words.answer}"][role="region"])`);
  await panel.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await lightAndDark(panel, `side-panel-400-${lang}`, shoot);
  await guide.close();
  return names;
}

/**
 * The options and the welcome as pictured (issue #43): each 400 px wide, whole, in the light and
 * the dark, in the browser's language `lang` (a harness launched with it): `options-en.png`,
 * `options-en-dark.png`, `welcome-en.png`, … The options with a month of diagnostics and the
 * "Advanced" settings open. Kept apart from `driveScreens`, which pictures the popup and panel.
 */
export const SETTINGS_PICTURE = /^(options|welcome)-(en|es)(-dark)?\.png$/;

export async function driveSettingsScreens(h: Harness, camera: Camera, lang: 'en' | 'es'): Promise<Record<string, ScreenNames>> {
  const names: Record<string, ScreenNames> = {};
  // As installed (whatever the flow before saved), with a month of diagnostics.
  await clearStorage(h);
  await seedDiagnostics(h.worker);
  for (const screen of ['options', 'welcome'] as const) {
    const page = await h.browser.newPage();
    await page.setViewport({ width: 400, height: 900, deviceScaleFactor: 1 });
    await page.goto(h.worker.url().replace('background.js', `${screen}.html`));
    await page.waitForSelector('::-p-aria([role="combobox"])');
    if (screen === 'options') {
      await page.waitForSelector('.tally');
      await openAdvanced(page);
    }
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
      const name = `${screen}-${lang}${scheme === 'dark' ? '-dark' : ''}.png`;
      names[name] = await screenNames(page);
      if (camera.pictures) await camera.shoot(page, name);
    }
    await page.close();
  }
  return names;
}

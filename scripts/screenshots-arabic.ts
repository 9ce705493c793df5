/**
 * `npm run screenshots:ar`: the Arabic screens, right to left, pictured at 400 px from the built
 * extension in headless Chromium whose language is Arabic, with the Messages API stand-in (no
 * network): the popup with an answer about an Arabic page (light), and the whole options page
 * (light). Written to docs/screenshots/popup-answer-ar.png and options-ar.png. Kept apart from
 * scripts/screenshots.ts, whose pictures tests/e2e/screenshots.test.ts checks against
 * screens.json: these are not recorded there. Needs the Arabic catalogue in public/_locales/ar.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { answerReply, indexOf, launch, openFixture, openPopup, useStandIn } from '@/tests/support/harness';
import { putHistoryIn } from '@/tests/support/extension-storage';
import { wordsOf } from '@/tests/support/language';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');
const ar = wordsOf('ar');

const CLAIMS = [
  {
    text: 'يفتح المتحف في التاسعة صباحاً ويغلق في السادسة مساءً، كل يوم ما عدا الاثنين.',
    find: 'التاسعة',
    quote: 'يفتح متحف المدينة أبوابه في الساعة التاسعة صباحاً ويغلق في السادسة مساءً كل يوم ما عدا الاثنين',
  },
  {
    text: 'في أول جمعة من كل شهر يبقى مفتوحاً حتى العاشرة ليلاً.',
    find: 'العاشرة',
    quote: 'في أول جمعة من كل شهر يبقى المتحف مفتوحاً حتى العاشرة ليلاً',
  },
];

async function shoot(page: Page, name: string, fullPage: boolean): Promise<void> {
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  writeFileSync(resolve(OUT, name), Buffer.from(await page.screenshot({ type: 'png', fullPage })));
  console.log(`docs/screenshots/${name}`);
}

const h = await launch({ lang: 'ar' });
try {
  await useStandIn(h);
  await putHistoryIn(h.worker, []);
  const museum = await openFixture(h, 'arabic-museum.html');
  h.api.enqueue((req) =>
    answerReply(CLAIMS.map((c) => ({ text: c.text, citations: [{ index: indexOf(req, c.find), literal: c.quote }] }))),
  );
  const popup = await openPopup(h, museum, ar('question'));
  await popup.locator(`::-p-aria(${ar('question')})`).fill('متى يفتح المتحف؟');
  await popup.locator(`::-p-aria(${ar('scopeTab')})`).click();
  await popup.locator(`::-p-aria(${ar('ask')}[role="button"])`).click();
  await popup.waitForSelector(`::-p-aria([name="${ar('answer')}"][role="region"])`, { timeout: 30_000 });
  // The popup's page in a tab 400 px wide, showing the same thread (a popup cannot be sized).
  const url = popup.url();
  await popup.close();
  const tab = await h.browser.newPage();
  await tab.setViewport({ width: 400, height: 600, deviceScaleFactor: 1 });
  // The museum's tab in front, so that the popup's page takes it for "this tab" (the thread's own).
  await museum.bringToFront();
  await tab.goto(url);
  await tab.waitForFunction((w) => document.body.innerText.includes(w), { polling: 100 }, CLAIMS[1]!.text);
  await tab.bringToFront();
  await shoot(tab, 'popup-answer-ar.png', false);

  const options = await h.browser.newPage();
  await options.setViewport({ width: 400, height: 900, deviceScaleFactor: 1 });
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  await options.waitForSelector(`::-p-aria(${ar('save')}[role="button"])`);
  await shoot(options, 'options-ar.png', true);
} finally {
  await h.close();
}

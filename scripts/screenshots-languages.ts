/**
 * `npm run screenshots:languages [-- ar ja …]`: each interface language's screens (Spanish's are
 * scripts/screenshots.ts's) pictured at 400 px from the built extension in headless Chromium
 * whose language it is, with the Messages API stand-in (no network): the popup with an answer (light) and the whole options page (light),
 * written to docs/screenshots/popup-answer-<lang>.png and options-<lang>.png. The answer is about a
 * page in the language where the project has one (Arabic: right to left), else about an English
 * page, the question in the language. Kept apart from scripts/screenshots.ts, whose pictures
 * tests/e2e/screenshots.test.ts checks against screens.json: these are not recorded there.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { answerReply, indexOf, launch, openFixture, openPopup, useStandIn } from '@/tests/support/harness';
import { putHistoryIn } from '@/tests/support/extension-storage';
import { wordsOf } from '@/tests/support/language';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');
/** The Arabic page's answer. */
const ARABIC_CLAIMS = [
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

/** Any other language's: the English page's words, as a model quoting it answers. */
const ENGLISH_CLAIMS = [
  {
    text: 'The museum opens at 9 a.m. and closes at 6 p.m.',
    find: 'opens at',
    quote: 'The City Museum opens at 9 a.m. and closes at 6 p.m.',
  },
  {
    text: 'On the first Friday of each month it stays open until 10 p.m.',
    find: 'Late openings',
    quote: 'the museum stays open until 10 p.m. with talks in the main hall',
  },
];

/** "When does the museum open?", as a speaker of each language asks it. */
const QUESTION: Record<string, string> = {
  ar: 'متى يفتح المتحف؟',
  de: 'Wann öffnet das Museum?',
  es: '¿Cuándo abre el museo?',
  fr: 'Quand le musée ouvre-t-il ?',
  he: 'מתי המוזיאון נפתח?',
  hi: 'संग्रहालय कब खुलता है?',
  it: 'Quando apre il museo?',
  ja: '博物館は何時に開きますか？',
  ko: '박물관은 언제 문을 여나요?',
  pt_BR: 'Quando o museu abre?',
  ru: 'Когда открывается музей?',
  tr: 'Müze ne zaman açılıyor?',
  zh_CN: '博物馆几点开门？',
};

async function shoot(page: Page, name: string, fullPage: boolean): Promise<void> {
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  writeFileSync(resolve(OUT, name), Buffer.from(await page.screenshot({ type: 'png', fullPage })));
  console.log(`docs/screenshots/${name}`);
}

async function picture(lang: string): Promise<void> {
  const words = wordsOf(lang);
  const arabic = lang === 'ar';
  const claims = arabic ? ARABIC_CLAIMS : ENGLISH_CLAIMS;
  const h = await launch({ lang });
  try {
    await useStandIn(h);
    await putHistoryIn(h.worker, []);
    const page = await openFixture(h, arabic ? 'arabic-museum.html' : 'museum-hours.html');
    h.api.enqueue((req) =>
      answerReply(claims.map((c) => ({ text: c.text, citations: [{ index: indexOf(req, c.find), literal: c.quote }] }))),
    );
    const popup = await openPopup(h, page, words('question'));
    await popup.locator(`::-p-aria(${words('question')})`).fill(QUESTION[lang] ?? 'When does the museum open?');
    await popup.locator(`::-p-aria(${words('scopeTab')})`).click();
    await popup.locator(`::-p-aria(${words('ask')}[role="button"])`).click();
    await popup.waitForSelector(`::-p-aria([name="${words('answer')}"][role="region"])`, { timeout: 30_000 });
    // The popup's page in a tab 400 px wide, showing the same thread (a popup cannot be sized).
    const url = popup.url();
    await popup.close();
    const tab = await h.browser.newPage();
    await tab.setViewport({ width: 400, height: 600, deviceScaleFactor: 1 });
    // The page's tab in front, so that the popup's page takes it for "this tab" (the thread's own).
    await page.bringToFront();
    await tab.goto(url);
    await tab.waitForFunction((w) => document.body.innerText.includes(w), { polling: 100 }, claims[1]!.text);
    await tab.bringToFront();
    await shoot(tab, `popup-answer-${lang}.png`, false);

    const options = await h.browser.newPage();
    await options.setViewport({ width: 400, height: 900, deviceScaleFactor: 1 });
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    await options.waitForSelector(`::-p-aria(${words('save')}[role="button"])`);
    await shoot(options, `options-${lang}.png`, true);
  } finally {
    await h.close();
  }
}

const asked = process.argv.slice(2);
const all = readdirSync(resolve(import.meta.dirname, '../public/_locales')).filter((l) => l !== 'en' && l !== 'es');
for (const lang of asked.length > 0 ? asked : all) await picture(lang);

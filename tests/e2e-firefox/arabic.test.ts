/**
 * The interface in Arabic, right to left, in Firefox ESR whose language is Arabic (Debian's
 * firefox-esr-l10n-ar language pack, chosen by `intl.locale.requested`), as Chromium's
 * tests/e2e/arabic.test.ts: the options page right to left and saved by its Arabic labels; the
 * popup right to left, an answer with its citation, nothing that scrolls sideways, and a click
 * that highlights the quote in the page with the page's own direction untouched. The words are
 * read from the Arabic catalogue.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf } from '../support/harness';
import { highlightedText, inTab, openTab, Popup, saveSettingsAsUser, useFirefox, type Firefox } from '../support/firefox';
import { wordsOf } from '../support/language';

const LANGPACK = '/usr/lib/firefox-esr/browser/extensions/langpack-ar@firefox-esr.mozilla.org.xpi';
const ar = wordsOf('ar');

const QUOTE = 'يفتح متحف المدينة أبوابه في الساعة التاسعة صباحاً';
const CLAIM = 'يفتح المتحف في التاسعة صباحاً.';

let fx: Firefox;
useFirefox((x) => (fx = x), {
  prefs: {
    'intl.locale.requested': 'ar',
    // The language pack is installed with the browser (Debian's package): enabled from the start.
    'extensions.autoDisableScopes': 0,
  },
});

/** The page's own direction, and how many of its elements carry a `dir`: unchanged by a highlight. */
const PAGE_DIRECTION = `return [document.documentElement.getAttribute('dir'), getComputedStyle(document.body).direction,
  document.querySelectorAll('[dir]').length];`;

describe('Firefox: the interface in Arabic, right to left', () => {
  it('the language pack is installed (apt-get install firefox-esr-l10n-ar); the options page is right to left and saves by its Arabic labels', async () => {
    expect(existsSync(LANGPACK)).toBe(true);
    const options = await openTab(fx, `${fx.origin}/options.html`);
    await expect
      .poll(() => inTab(fx, options, `return [document.title, document.documentElement.lang, document.documentElement.dir];`))
      .toEqual([ar('optionsTitle'), 'ar', 'rtl']);
    await saveSettingsAsUser(
      fx,
      { apiKey: 'sk-ant-test-key', baseURL: fx.api.url },
      {
        apiKey: ar('apiKey'),
        baseURL: ar('baseUrl'),
        supportCheck: ar('judge'),
        off: ar('judgeOff'),
        save: ar('save'),
        send: (origin) => ar('confirmSend', origin),
        saved: ar('saved'),
      },
    );
  });

  it('the popup: right to left, an answer with its citation, nothing sideways, a click that highlights in the page', async () => {
    const page = await openTab(fx, `${fx.fixtures}/arabic-museum.html`);
    const before = await inTab(fx, page, PAGE_DIRECTION);
    fx.api.enqueue((req) => answerReply([{ text: CLAIM, citations: [{ index: indexOf(req, 'التاسعة'), literal: QUOTE }] }]));
    const popup = new Popup(fx);
    popup.questionLabel = ar('question');
    await popup.open();
    expect(
      await popup.run(
        `return [doc.documentElement.dir, doc.documentElement.lang, win.getComputedStyle(doc.getElementById('question')).direction];`,
      ),
    ).toEqual(['rtl', 'ar', 'rtl']);
    await popup.ask('متى يفتح المتحف؟', ar('scopeTab'), ar('ask'));
    await expect.poll(() => popup.regionText(ar('answer'))).toContain(CLAIM);
    expect(await popup.control(ar('copyMarkdown'))).toBe('enabled');
    // Nothing scrolls sideways: the page no wider than the popup, no part scrolling inside itself,
    // once the popup has settled (Firefox sizes its panel to the page as the answer's parts load).
    await expect
      .poll(
        () =>
          popup.run(`const root = doc.documentElement;
        const sideways = Array.from(doc.querySelectorAll('body *')).filter((el) => {
          const o = win.getComputedStyle(el).overflowX;
          return (o === 'auto' || o === 'scroll') && el.scrollWidth > el.clientWidth;
        }).length;
        return [root.scrollWidth <= root.clientWidth, sideways];`),
        { timeout: 3_000 },
      )
      .toEqual([true, 0]);

    const title = await inTab<string>(fx, page, `return document.title;`);
    await popup.click(`${new URL(fx.fixtures).host} — ${title}`);
    await expect.poll(() => highlightedText(fx, page)).toBe(QUOTE);
    expect(await inTab(fx, page, PAGE_DIRECTION)).toEqual(before);
  });
});

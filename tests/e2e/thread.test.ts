import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { answerText, ask, CITATIONS, highlightedText, openEarlierTurns } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { stopServiceWorker } from '../support/extension-browser';
import { useExtension } from '../support/harness';

/**
 * The questions people ask of their tabs, in the real popup: an overview, a comparison, and a
 * conversation of follow-ups that the popup keeps as a thread until "New question".
 */

const calls = () => h.calls();

const h = useExtension();

type Message = { role: string; content: string | Array<{ type: string; text?: string }> };
const messagesOf = (req: RecordedRequest) => (req.body as { messages: Message[] }).messages;

/** The documents a request carries, as the model read them. */
const documents = (req: RecordedRequest) =>
  [...sentText(req).matchAll(/<document index="\d+"[^>]*>\n([\s\S]*?)\n<\/document>/g)].map((m) => m[1]!);

/** The popup's citations, as [accessible name, quote] pairs. */
async function citations(popup: Page, within: string): Promise<Array<[string, string]>> {
  await openEarlierTurns(popup);
  return popup.$$eval(CITATIONS(within), (buttons) =>
    buttons.map(
      (b) =>
        [b.getAttribute('aria-label') ?? '', document.getElementById(b.getAttribute('aria-describedby')!)!.textContent ?? ''] as [
          string,
          string,
        ],
    ),
  );
}

/** Clicks the citation whose quote is `quote`, within the part of the popup `within` selects. */
async function clickQuote(popup: Page, within: string, quote: string): Promise<void> {
  await openEarlierTurns(popup);
  const buttons = await popup.$$(CITATIONS(within));
  for (const b of buttons) {
    const shown = await b.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent);
    if (shown === `“${quote}”`) return b.click();
  }
  throw new Error(`no citation quotes "${quote}"`);
}

const earlierText = async (popup: Page) => {
  const region = await popup.waitForSelector('::-p-aria([name="Earlier in this thread"][role="region"])', { timeout: 30_000 });
  await openEarlierTurns(popup);
  return region!.evaluate((el) => (el as HTMLElement).innerText);
};

describe('the questions people ask', () => {
  it('"Resume esta página": an overview in Spanish is asked, not refused, and cited across the whole page', async () => {
    await h.standIn();
    const page = await h.open('parque-natural.html');
    const quotes = {
      opening: 'protege doce mil hectáreas de bosque y montaña',
      history: 'El parque se creó en 1989',
      fauna: 'se puede ver un águila real volando sobre los riscos',
      rules: 'Está prohibido encender fuego en todo el parque',
    };
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'Es un parque natural de bosques y montañas.',
          citations: [{ index: indexOf(req, quotes.opening), literal: quotes.opening }],
        },
        {
          text: 'Se creó en 1989 a petición de los vecinos.',
          citations: [{ index: indexOf(req, quotes.history), literal: quotes.history }],
        },
        {
          text: 'Tiene una fauna rica, con águilas reales.',
          citations: [{ index: indexOf(req, quotes.fauna), literal: quotes.fauna }],
        },
        { text: 'No se puede hacer fuego.', citations: [{ index: indexOf(req, quotes.rules), literal: quotes.rules }] },
      ]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'Resume esta página');
    const text = await answerText(popup);
    expect(text).not.toContain('Not found in these pages');
    expect(text).toContain('Se creó en 1989 a petición de los vecinos.');
    expect(text).toContain('No se puede hacer fuego.');

    // What was sent covers every section of the page, not the one paragraph sharing a word.
    const [req] = calls();
    const sent = documents(req!).join('\n');
    for (const words of [
      'doce mil hectáreas',
      'se creó en 1989',
      'orquídeas silvestres',
      'águila real',
      'nueve senderos',
      'encender fuego',
    ]) {
      expect(sent).toContain(words);
    }
    // The model is told to answer in the question's language and to quote the page as written.
    expect(String((req!.body as { system: string }).system)).toMatch(/language of the user's latest question/);

    // Every claim shows a citation, and the last one, from the page's last section, highlights its words.
    expect((await citations(popup, '.answer')).map(([, q]) => q)).toEqual(Object.values(quotes).map((q) => `“${q}”`));
    await clickQuote(popup, '.answer', quotes.rules);
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(quotes.rules);
  });

  it('a comparison over three tabs sends each of them and is answered with a citation from each', async () => {
    await h.standIn();
    const harbour = await h.open('bikes-harbour.html');
    const central = await h.open('bikes-central.html');
    const station = await h.open('bikes-station.html');
    const quotes = [
      'rents city bikes for 15 euros a day',
      'charges 12 euros a day for a city bike',
      'asks 18 euros a day for its electric bikes',
    ];
    h.api.enqueue((req) =>
      answerReply(
        quotes.map((q, i) => ({
          text: ['Harbour Bikes: 15 euros.', 'Central Cycles: 12 euros, the cheapest.', 'Station Bike Hire: 18 euros electric.'][
            i
          ]!,
          citations: [{ index: indexOf(req, q), literal: q }],
        })),
      ),
    );
    const popup = await h.popup(central);
    await ask(popup, 'Compare the prices of these bike rentals: which is cheapest?', 'All tabs in this window');
    const text = await answerText(popup);
    expect(text).toContain('Central Cycles: 12 euros, the cheapest.');
    const shown = await citations(popup, '.answer');
    const titles = await Promise.all([harbour, central, station].map((p) => p.title()));
    expect(shown.map(([text]) => text.split(' — ').slice(1).join(' — '))).toEqual(titles);
    await clickQuote(popup, '.answer', quotes[2]!);
    await expect.poll(() => highlightedText(station), { timeout: 30_000 }).toBe(quotes[2]);
  });
});

describe('a conversation about the current pages', () => {
  const opens = 'The City Museum opens at 9 a.m.';
  const closes = 'closes at 6 p.m. every day except Monday';
  const late = 'the museum stays open until 10 p.m.';

  /** The first question of the thread, answered and shown. */
  async function firstQuestion(): Promise<{ page: Page; popup: Page }> {
    await h.standIn();
    const page = await h.open('museum-hours.html');
    h.api.enqueue((req) =>
      answerReply([{ text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: opens }] }]),
    );
    const popup = await h.popup(page);
    await ask(popup, 'When does the museum open?');
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');
    return { page, popup };
  }

  it('"Tell me more about that." is sent with the earlier turn, verified, and shown under it; the thread survives closing the popup', async () => {
    const { page, popup: first } = await firstQuestion();
    h.api.enqueue(
      (req) =>
        answerReply([
          {
            text: 'It closes at 6 p.m., and not at all on Mondays.',
            citations: [{ index: indexOf(req, 'closes at'), literal: closes }],
          },
          // A quote under an index that does not hold it: never shown.
          {
            text: 'It is open all night.',
            citations: [{ index: indexOf(req, 'closes at'), literal: 'the museum never closes at night' }],
          },
        ]),
      (req) =>
        answerReply([
          {
            text: 'It closes at 6 p.m., and not at all on Mondays.',
            citations: [{ index: indexOf(req, 'closes at'), literal: closes }],
          },
        ]),
    );
    await ask(first, 'Tell me more about that.');
    await expect.poll(async () => (await answerText(first)).includes('not at all on Mondays'), { timeout: 20_000 }).toBe(true);
    expect(await answerText(first)).not.toContain('open all night');
    // Answered, the question stands above its answer and leaves the box for the next one.
    await expect.poll(() => first.$eval('::-p-aria(Question)', (t) => (t as HTMLTextAreaElement).value)).toBe('');

    const [one, two] = calls();
    const turns = messagesOf(two!);
    expect(turns.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    // The earlier turn exactly as it was sent (the prompt cache's prefix), then its verified answer.
    expect(turns[0]).toEqual(messagesOf(one!)[0]);
    const earlierAnswer = JSON.parse(turns[1]!.content as string) as {
      claims: Array<{ text: string; citations: Array<{ literal: string }> }>;
    };
    expect(earlierAnswer.claims.map((c) => [c.text, c.citations[0]!.literal])).toEqual([['It opens at 9 a.m.', opens]]);
    expect(sentText(two!)).toMatch(/<question>\nTell me more about that\.\n<\/question>[^<]*$/);
    // The broken quote was retried within the same conversation.
    expect(messagesOf(calls()[2]!).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);

    // The earlier question and its answer stay above the latest, and its citation still reveals.
    expect(await earlierText(first)).toContain('When does the museum open?');
    expect(await earlierText(first)).toContain('It opens at 9 a.m.');
    await clickQuote(first, '.thread', opens);
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(opens);

    // Closed and reopened, the popup shows the same thread.
    const reopened = await h.popup(page);
    expect(await earlierText(reopened)).toContain('It opens at 9 a.m.');
    expect(await answerText(reopened)).toContain('not at all on Mondays');
    expect(await reopened.$eval('::-p-aria(Question)', (t) => (t as HTMLTextAreaElement).value)).toBe('');
  });

  it('"New question" starts over: the thread is gone and the next request carries no earlier turn', async () => {
    const { popup } = await firstQuestion();
    await popup.locator('::-p-aria(New question[role="button"])').click();
    await expect.poll(() => popup.$('::-p-aria([name="Answer"][role="region"])')).toBeNull();
    expect(await popup.$eval('textarea', (t) => t.value)).toBe('');
    h.api.enqueue((req) =>
      answerReply([
        { text: 'Until 10 p.m. on late openings.', citations: [{ index: indexOf(req, 'Late openings'), literal: late }] },
      ]),
    );
    await ask(popup, 'How late is the museum open on late openings?');
    expect(await answerText(popup)).toContain('Until 10 p.m. on late openings.');
    expect(messagesOf(calls()[1]!)).toHaveLength(1);
    expect(sentText(calls()[1]!)).not.toContain('When does the museum open?');
    expect(await popup.$('::-p-aria([name="Earlier in this thread"][role="region"])')).toBeNull();
  });

  it('a question about other pages starts a new thread by itself, and says so', async () => {
    await firstQuestion();
    const tickets = await h.open('museum-tickets.html');
    h.api.enqueue((req) =>
      answerReply([
        {
          text: 'Adults pay 12 euros.',
          citations: [{ index: indexOf(req, 'Adult tickets'), literal: 'Adult tickets cost 12 euros.' }],
        },
      ]),
    );
    const popup = await h.popup(tickets);
    // Before asking, the popup says that the thread it shows is about another page.
    await popup.waitForSelector('::-p-text(This thread is about “City Museum – Opening hours”)');
    await ask(popup, 'How much do adult tickets cost?');
    // The region holds the last answer until the new one replaces it.
    await expect.poll(async () => (await answerText(popup)).includes('Adults pay 12 euros.'), { timeout: 20_000 }).toBe(true);
    expect(messagesOf(calls()[1]!)).toHaveLength(1);
    expect(await popup.evaluate(() => document.body.innerText)).toContain(
      'The pages in scope changed, so this question started a new thread.',
    );
  });

  it('a follow-up that fails says why and loses nothing; Ask again sends it with the earlier turn', async () => {
    const { popup } = await firstQuestion();
    h.api.enqueue(
      { kind: 'error', status: 500, type: 'api_error', message: 'Internal', headers: { 'x-should-retry': 'false' } },
      (req) => answerReply([{ text: 'It closes at 6 p.m.', citations: [{ index: indexOf(req, 'closes at'), literal: closes }] }]),
    );
    await ask(popup, 'Tell me more about that.');
    const alert = await popup.waitForSelector('::-p-aria([role="alert"])', { timeout: 30_000 });
    expect(await alert!.evaluate((el) => (el as HTMLElement).innerText)).toMatch(/The API had an error \(500\)/);
    expect(await earlierText(popup)).toContain('It opens at 9 a.m.');
    expect(await popup.$eval('textarea', (t) => t.value)).toBe('Tell me more about that.');
    await popup.locator('::-p-aria(Try again[role="button"])').click();
    await expect.poll(async () => (await answerText(popup)).includes('It closes at 6 p.m.'), { timeout: 20_000 }).toBe(true);
    // The failed try is no turn of the thread: the earlier turn is the first question alone.
    expect(messagesOf(calls()[2]!).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(await earlierText(popup)).not.toContain('Tell me more');
  });

  it('"Review before sending" on a follow-up says the earlier turn goes along, and Send sends exactly that', async () => {
    await h.standIn({ reviewBeforeSending: true });
    const page = await h.open('museum-hours.html');
    h.api.enqueue(
      (req) => answerReply([{ text: 'It opens at 9 a.m.', citations: [{ index: indexOf(req, 'opens at'), literal: opens }] }]),
      (req) => answerReply([{ text: 'It closes at 6 p.m.', citations: [{ index: indexOf(req, 'closes at'), literal: closes }] }]),
    );
    const popup = await h.popup(page);
    const review = () => popup.waitForSelector('::-p-aria([name="Review before sending"][role="region"])', { timeout: 30_000 });
    await ask(popup, 'When does the museum open?');
    await review();
    await popup.locator('::-p-aria(Send[role="button"])').click();
    expect(await answerText(popup)).toContain('It opens at 9 a.m.');

    await ask(popup, 'Tell me more about that.');
    const shown = await (await review())!.evaluate((el) => (el as HTMLElement).innerText);
    expect(shown).toMatch(/With them go the earlier question of this thread and their answers/);
    expect(shown).toContain('(sent earlier in this thread)');
    expect(calls()).toHaveLength(1);
    await popup.locator('::-p-aria(Send[role="button"])').click();
    await expect.poll(async () => (await answerText(popup)).includes('It closes at 6 p.m.'), { timeout: 20_000 }).toBe(true);
    expect(messagesOf(calls()[1]!).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('without a key, a thread of search results: the earlier results stay, and a click still highlights their quote', async () => {
    const page = await h.open('museum-hours.html');
    const popup = await h.popup(page);
    await ask(popup, 'At what time does the museum close?');
    await popup.waitForSelector('::-p-aria([name="Search results"][role="region"])');
    await ask(popup, 'Where can I leave my bicycle?');
    const earlier = await earlierText(popup);
    expect(earlier).toContain('At what time does the museum close?');
    expect(earlier).toContain('closes at 6 p.m.');
    await expect
      .poll(async () =>
        (await popup.$eval('.search-results blockquote', (el) => (el as HTMLElement).innerText)).includes('Bicycle racks'),
      )
      .toBe(true);
    await openEarlierTurns(popup);
    const quote = await popup.$eval('.thread blockquote', (el) => (el as HTMLElement).innerText);
    await popup.locator(`.thread .result button`).click();
    await expect.poll(() => highlightedText(page), { timeout: 30_000 }).toBe(quote);
    expect(calls()).toHaveLength(0);
  });

  // Last: it stops the worker, which the harness wakes again in the background.
  it('the thread outlives a stopped service worker: the next follow-up still carries the earlier turn', async () => {
    const { popup } = await firstQuestion();
    await stopServiceWorker(h);
    h.api.enqueue((req) =>
      answerReply([
        { text: 'On late openings, until 10 p.m.', citations: [{ index: indexOf(req, 'Late openings'), literal: late }] },
      ]),
    );
    await ask(popup, 'And how late on its late openings?');
    await expect.poll(async () => (await answerText(popup)).includes('until 10 p.m.'), { timeout: 30_000 }).toBe(true);
    const turns = messagesOf(calls()[1]!);
    expect(turns.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(turns[0]).toEqual(messagesOf(calls()[0]!)[0]);
  });
});

import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { answerText, ask, highlightedText } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import type { RecordedRequest } from '../support/stand-in/messages-api';
import { slip, type SlipClass } from '../support/stand-in/slipping-model';

/**
 * A model that quotes as real models do, through the built extension in headless Chromium: each
 * honest slip is repaired from the first reply (one model call), and a click on its citation
 * highlights exactly the words that stand in the page; a quote with a changed word is never shown.
 */

// The tab is given by the toolbar click (activeTab), as for a user who has granted nothing more.
const h = useExtension({ allSites: false, standIn: true });

const QUOTES = 'Some four hundred navvies worked on it at the busiest time';
const EMPHASIS = 'The longest flight, at Hanley, has seven locks in less than a mile';
const LIST = 'Horses pulled the boats until the 1930s';
const EDGE = 'Boatmen lay on their backs on planks and pushed the boat through with their feet';
const JOIN_A = 'Restoration began in 1974';
const JOIN_B = 'It took nearly thirty years';
const MOVED = 'Anglers need a permit from the canal trust';
const ACROSS_A = 'The last working lock keeper retired in 1962.';
const ACROSS_B = 'A towpath runs the whole length of the canal beside the water';

/** One claim of each slip class, each under the document that holds its words (or the wrong one). */
function slippedAnswer(req: RecordedRequest) {
  const claim = (kind: SlipClass, words: string, from: string) => {
    const quote = slip(kind, words, indexOf(req, from), [], { rng: () => 0 });
    if (!quote) throw new Error(`no ${kind} slip of "${words}"`);
    return { text: `The ${kind} claim.`, citations: [quote] };
  };
  const at = (kind: SlipClass, from: string, literal: string) => ({
    text: `The ${kind} claim.`,
    citations: [{ index: indexOf(req, from), literal }],
  });
  return answerReply([
    claim('quote-marks', QUOTES, 'navvies'),
    claim('emphasis', EMPHASIS, 'Hanley'),
    claim('list-marker', LIST, 'Horses pulled'),
    claim('edge-ellipsis', EDGE, 'Boatmen lay'),
    at('ellipsis-join', 'Restoration', `${JOIN_A} ... ${JOIN_B}`),
    at('wrong-index', 'navvies', MOVED),
    at('across-passages', 'Hanley', `${ACROSS_A} ${ACROSS_B}`),
  ]);
}

/** Clicks the citation of the claim that says `text`. */
async function clickClaim(popup: Page, text: string): Promise<void> {
  const button = await popup.evaluateHandle((t) => {
    const li = [...document.querySelectorAll('li')].find((x) => x.querySelector('.model-words')?.textContent === t);
    return li?.querySelector('button') ?? null;
  }, text);
  const el = button.asElement();
  if (!el) throw new Error(`no citation for "${text}"`);
  await (el as unknown as { click(): Promise<void> }).click();
}

const squash = (s: string | null) => s?.replace(/\s+/g, ' ').trim() ?? null;

describe('a model that slips', () => {
  it('each honest slip is repaired from the first reply and highlighted exactly, with one model call', async () => {
    const page = await h.open('slips.html');
    h.api.enqueue(slippedAnswer);
    const popup = await h.popup(page);
    await ask(popup, 'Summarise this page');
    const text = await answerText(popup);
    expect(h.calls()).toHaveLength(1);
    expect(text).not.toContain('**');
    // Each quote as the page has it, shown under its claim when its marker is focused; the joined
    // one says so there, not only in its name; a quote of one span does not.
    const shown: string[] = [];
    for (const marker of await popup.$$('button.marker')) {
      await marker.focus();
      const preview = await popup.waitForSelector('.quote-preview');
      shown.push(await preview!.evaluate((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ')));
    }
    expect(shown).toHaveLength(7);
    expect(shown.filter((q) => q.includes(`${JOIN_A} \u2026 ${JOIN_B}`))).toHaveLength(1);
    expect(shown.join(' ')).not.toContain('**');
    expect(shown.filter((q) => q.includes('joined from 2 parts'))).toHaveLength(1);
    await popup.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // The run log counts each repair by its class (the diagnostics add them up).
    const runLog = await h.worker.evaluate(async () => (await chrome.storage.local.get('runLog'))['runLog']);
    expect((runLog as Array<{ repairs?: Record<string, number> }>).at(-1)?.repairs).toEqual({
      'quote-marks': 1,
      emphasis: 1,
      'list-marker': 1,
      'edge-ellipsis': 1,
      'ellipsis-join': 1,
      'wrong-index': 1,
      'across-passages': 1,
    });

    const expected: Array<[string, string | RegExp]> = [
      ['quote-marks', QUOTES],
      ['emphasis', EMPHASIS],
      ['list-marker', LIST],
      // The slip cut the first third of the words (5 of 15) and put "..." in their place.
      ['edge-ellipsis', EDGE.split(' ').slice(5).join(' ')],
      ['ellipsis-join', `${JOIN_A} ${JOIN_B}`],
      ['wrong-index', MOVED],
      ['across-passages', `${ACROSS_A} ${ACROSS_B}`],
    ];
    for (const [i, [kind, words]] of expected.entries()) {
      // A click moves to the page, which closes the popup: it opens again on the same answer.
      const shown = i === 0 ? popup : await h.popup(page);
      await answerText(shown);
      await clickClaim(shown, `The ${kind} claim.`);
      await expect.poll(async () => squash(await highlightedText(page)), { timeout: 30_000 }).toBe(words);
    }
    expect(h.calls()).toHaveLength(1);
  });

  it('a join that leaves out a "not", or spans far apart, is never shown as the page\'s words', async () => {
    const page = await h.open('slips.html');
    const joins = (req: RecordedRequest) =>
      answerReply([
        { text: 'Navvies built it.', citations: [{ index: indexOf(req, 'navvies'), literal: QUOTES }] },
        {
          // The page: "so that their wash does not damage the banks".
          text: 'Boats damage the banks.',
          citations: [{ index: indexOf(req, 'Kingfishers'), literal: 'so that their wash does … damage the banks' }],
        },
        {
          // 217 characters apart: the page celebrates the reopening of 2003, not the restoration.
          text: 'The restoration was celebrated.',
          citations: [
            {
              index: indexOf(req, 'Restoration'),
              literal: 'Restoration began in 1974 … celebrated with a procession of a hundred boats',
            },
          ],
        },
      ]);
    h.api.enqueue(joins, joins);
    const popup = await h.popup(page);
    await ask(popup, 'Summarise this page');
    const text = await answerText(popup);
    expect(text).toContain('Navvies built it.');
    expect(text).not.toContain('Boats damage the banks.');
    expect(text).not.toContain('The restoration was celebrated.');
  });

  it('a quote with a changed word is not shown, even when the model repeats it', async () => {
    const page = await h.open('slips.html');
    const changed = (req: RecordedRequest) =>
      answerReply([
        { text: 'Navvies built it.', citations: [{ index: indexOf(req, 'navvies'), literal: QUOTES }] },
        {
          text: 'Three hundred navvies.',
          citations: [{ index: indexOf(req, 'navvies'), literal: QUOTES.replace('four', 'three') }],
        },
      ]);
    h.api.enqueue(changed, changed);
    const popup = await h.popup(page);
    await ask(popup, 'Summarise this page');
    const text = await answerText(popup);
    expect(text).toContain('Navvies built it.');
    expect(text).not.toContain('Three hundred navvies.');
    const calls = h.calls();
    expect(calls).toHaveLength(2);
    // The retry offered the page's own sentence.
    expect(JSON.stringify(calls[1]!.body)).toContain('Did you mean');
  });
});

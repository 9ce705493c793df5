/**
 * PDF tabs in Firefox, as in Chromium (tests/e2e/pdf.test.ts): a PDF shown by Firefox's own
 * viewer (pdf.js) is read by the add-on in a frame of its background page, a citation opens the
 * add-on's PDF viewer with the quote highlighted in page 2's text layer and that page in view, a
 * second click reuses that viewer, a PDF's words drawn for no reader are not sent, and a PDF
 * without a text layer is listed as not read.
 */
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls, sentText } from '../support/harness';
import { findTab, highlightedText, inTab, openTab, Popup, useFirefoxWithKey, type Firefox } from '../support/firefox';

let fx: Firefox;
useFirefoxWithKey((x) => (fx = x));

const QUOTE = 'high water at the old harbour is at 11:42 in the morning';

/** The add-on's PDF viewer tabs open now. */
async function viewers(): Promise<string[]> {
  const found: string[] = [];
  for (const handle of await fx.m.send<string[]>('WebDriver:GetWindowHandles')) {
    const url = await inTab<string>(fx, handle, 'return location.href;').catch(() => '');
    if (url.startsWith(`${fx.origin}/pdf-viewer.html?file=`)) found.push(handle);
  }
  return found;
}

describe('Firefox: PDF tabs', () => {
  it('sends no words the PDF draws for no reader, and a scanned page’s text layer', async () => {
    await openTab(fx, `${fx.fixtures}/hidden-words.pdf`);
    const SEEN = 'The boiler in the cellar was serviced by the plumber on the second of March.';
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'It was serviced on 2 March.', citations: [{ index: indexOf(req, 'serviced by the plumber'), literal: SEEN }] },
      ]),
    );
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('Is the boiler safe?');
    await expect.poll(() => popup.regionText('Answer')).toContain('It was serviced on 2 March.');
    const sent = sentText(messageCalls(fx.api).at(-1)!);
    expect(sent).toContain(SEEN);
    expect(sent).toContain('The scanned invoice says the flue was swept on the fourth of March.');
    expect(sent).not.toContain('condemned');
  });

  it('a citation shows the quote highlighted in page 2 of the PDF viewer, in view; a second click reuses that viewer', async () => {
    const pdf = await openTab(fx, `${fx.fixtures}/tides.pdf`);
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'High water is at 11:42 on 1 April.', citations: [{ index: indexOf(req, '11:42'), literal: QUOTE }] },
      ]),
    );
    const popup = new Popup(fx);
    await popup.open();
    await popup.ask('When is high water at the old harbour on the first of April?');
    await expect.poll(() => popup.regionText('Answer')).toContain('High water is at 11:42 on 1 April.');
    expect(sentText(messageCalls(fx.api).at(-1)!)).toContain(
      'On the first of April, high water at the old harbour is at 11:42 in the morning, with a height of 4.8 metres.',
    );

    const citation = `${new URL(fx.fixtures).host} — Harbour Tide Tables, p. 2`;
    await popup.click(citation);
    const isViewer = (url: string) => url.startsWith(`${fx.origin}/pdf-viewer.html?file=`);
    await expect.poll(() => findTab(fx, isViewer)).toBeDefined();
    const viewer = (await findTab(fx, isViewer))!;
    expect(new URL(await inTab<string>(fx, viewer, 'return location.href;')).searchParams.get('file')).toBe(
      `${fx.fixtures}/tides.pdf`,
    );
    await expect.poll(() => highlightedText(fx, viewer)).toBe(QUOTE);
    // The highlight is in page 2's text layer, and that page is in view.
    const where = await inTab(
      fx,
      viewer,
      `const range = [...CSS.highlights.get('cited-quote')][0];
       const page = range.startContainer.parentElement.closest('.page');
       const box = page.getBoundingClientRect();
       return { page: page.dataset.pageNumber, visible: box.bottom > 0 && box.top < innerHeight };`,
    );
    expect(where).toEqual({ page: '2', visible: true });

    // A second click, from the popup over the PDF again, brings the same viewer back with the highlight.
    await inTab(fx, viewer, `CSS.highlights.delete('cited-quote');`);
    await fx.m.send('WebDriver:SwitchToWindow', { handle: pdf, focus: true });
    await popup.open();
    await popup.click(citation);
    await expect.poll(() => highlightedText(fx, viewer)).toBe(QUOTE);
    expect(await viewers()).toHaveLength(1);
  });

  it('lists a PDF with no text layer as not read, with the reason, and sends nothing', async () => {
    await openTab(fx, `${fx.fixtures}/scan.pdf`);
    const before = messageCalls(fx.api).length;
    const popup = new Popup(fx);
    await popup.open();
    await popup.click('New question');
    await popup.ask('What does the letter say?');
    await expect.poll(() => popup.text()).toMatch(/The PDF has no text layer \(a scan, or pictures of text\)/);
    expect(await popup.text()).not.toMatch(/Not found in these pages/i);
    expect(messageCalls(fx.api).length).toBe(before);
  });
});

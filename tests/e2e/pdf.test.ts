import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { answerText, ask, citationNamed } from '../support/popup-page';
import { answerReply, indexOf, sentText } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { PDF_QUESTION, PDF_QUOTE } from '../support/facts';

/**
 * PDF tabs in headless Chromium: a PDF served over HTTP as application/pdf, shown by the
 * browser's own viewer, is read by the extension (pdf.js in its offscreen document), cited with
 * its title and page, and a click shows the extension's PDF viewer with the quote highlighted in
 * its text layer. Words a PDF draws for no reader are not sent. A PDF without a text layer is
 * listed as not read, with the reason.
 */

const h = useExtension({ standIn: true });

async function openPdf(name: string): Promise<Page> {
  const page = await h.browser.newPage();
  // The browser's PDF viewer never fires a page `load` the way an HTML page does: wait for the response.
  await page.goto(`${h.fixtures}/${name}`, { waitUntil: 'domcontentloaded' }).catch(() => {});
  return page;
}

async function viewerPage(): Promise<Page> {
  const target = await h.browser.waitForTarget((t) => t.url().includes('/pdf-viewer.html?file='), { timeout: 20_000 });
  return (await target.asPage())!;
}

describe('PDF tabs', () => {
  for (const name of ['tides.pdf', 'tide-report']) {
    it(`reads ${name} (application/pdf), cites its title and page, and shows the quote in the PDF viewer`, async () => {
      const pdf = await openPdf(name);
      h.api.enqueue((req) =>
        answerReply([
          { text: 'High water is at 11:42 on 1 April.', citations: [{ index: indexOf(req, '11:42'), literal: PDF_QUOTE }] },
        ]),
      );
      const popup = await h.popup(pdf);
      await ask(popup, PDF_QUESTION);
      const text = await answerText(popup);
      expect(text).toContain('High water is at 11:42 on 1 April.');

      // The request carried the PDF's text, named by its title.
      const [req] = h.calls();
      const sent = sentText(req!);
      expect(sent).toContain(
        'On the first of April, high water at the old harbour is at 11:42 in the morning, with a height of 4.8 metres.',
      );
      expect(sent).toMatch(/<document index="\d+" source="Harbour Tide Tables \([^)]*\)" page="2"/);

      // The citation names the PDF and its page.
      const citation = citationNamed(`${new URL(h.fixtures).host} — Harbour Tide Tables, p. 2`);
      await h.clickInPopup(pdf, popup, citation);

      const viewer = await viewerPage();
      expect(new URL(viewer.url()).searchParams.get('file')).toBe(`${h.fixtures}/${name}`);
      await expect
        .poll(() => viewer.evaluate(() => [...(CSS.highlights.get('cited-quote') ?? [])].map((r) => r.toString()).join('')), {
          timeout: 20_000,
        })
        .toBe(PDF_QUOTE);
      // The highlight is in page 2's text layer, and that page is in view.
      const where = await viewer.evaluate(() => {
        const range = [...CSS.highlights.get('cited-quote')!][0] as Range;
        const page = (range.startContainer.parentElement as Element).closest('.page') as HTMLElement;
        const box = page.getBoundingClientRect();
        return { page: page.dataset.pageNumber, visible: box.bottom > 0 && box.top < innerHeight };
      });
      expect(where).toEqual({ page: '2', visible: true });
      expect(await viewer.$eval('::-p-aria(Open the original)', (a) => (a as HTMLAnchorElement).href)).toBe(
        `${h.fixtures}/${name}`,
      );

      // A second click reuses the open viewer tab: its highlight, cleared here, comes back in it.
      await viewer.evaluate(() => CSS.highlights.delete('cited-quote'));
      const popup2 = await h.popup(pdf);
      await answerText(popup2);
      await h.clickInPopup(pdf, popup2, citation);
      await expect
        .poll(() => viewer.evaluate(() => [...(CSS.highlights.get('cited-quote') ?? [])].map((r) => r.toString()).join('')), {
          timeout: 20_000,
        })
        .toBe(PDF_QUOTE);
      const viewers = (await h.browser.pages()).filter((p) => p.url().includes('/pdf-viewer.html?file='));
      expect(viewers).toHaveLength(1);

      // "Open the original" goes back to the document itself, in the browser's own viewer.
      await Promise.all([
        viewer.waitForNavigation({ waitUntil: 'domcontentloaded' }).catch(() => {}),
        viewer.locator('::-p-aria(Open the original)').click(),
      ]);
      await expect.poll(() => viewer.url()).toBe(`${h.fixtures}/${name}`);
      await viewer.close();
    });
  }

  it('sends no words the PDF draws for no reader (invisible, white on the page), and a scanned page’s text layer', async () => {
    const pdf = await openPdf('hidden-words.pdf');
    const SEEN = 'The boiler in the cellar was serviced by the plumber on the second of March.';
    h.api.enqueue((req) =>
      answerReply([
        { text: 'It was serviced on 2 March.', citations: [{ index: indexOf(req, 'serviced by the plumber'), literal: SEEN }] },
      ]),
    );
    const popup = await h.popup(pdf);
    await ask(popup, 'Is the boiler safe?');
    expect(await answerText(popup)).toContain('It was serviced on 2 March.');
    const calls = h.calls();
    expect(calls).toHaveLength(1);
    const sent = sentText(calls[0]!);
    expect(sent).toContain(SEEN);
    expect(sent).toContain('The scanned invoice says the flue was swept on the fourth of March.');
    expect(sent).not.toContain('condemned');
  });

  it('lists a PDF with no text layer as not read, with the reason, and sends nothing', async () => {
    const pdf = await openPdf('scan.pdf');
    const popup = await h.popup(pdf);
    await ask(popup, 'What does the letter say?');
    await expect
      .poll(() => popup.evaluate(() => document.body.innerText), { timeout: 30_000 })
      .toMatch(/The PDF has no text layer \(a scan, or pictures of text\)/);
    const body = await popup.evaluate(() => document.body.innerText);
    expect(body).not.toMatch(/Not found in these pages/i);
    expect(h.calls()).toHaveLength(0);
  });
});

/** Opens a corpus as the tabs a user has open and reads each with the extension's own extraction. */
import type { PageText, SourcedPassage } from '@/lib/shared/protocol/types';
import { launchChromium } from '../../tests/support/chromium';
import { bundleForPage, openCorpusPage } from './browser';
import type { CorpusPage } from './corpus';
import { readCorpusPdf } from './pdf';

/**
 * Every page of a corpus as a tab the user has open, read by the extension's own extraction
 * (lib/page/read/extract.ts bundled into the page, as the content script runs it) in headless Chromium.
 * Tab ids follow the corpus order, from 1, so that each page is one tab.
 */
export interface OpenTab {
  page: CorpusPage;
  tabId: number;
  passages: SourcedPassage[];
}

export async function readCorpusAsTabs(pages: CorpusPage[]): Promise<OpenTab[]> {
  const script = await bundleForPage('lib/page/read/extract.ts', 'CitedTabsExtract');
  const browser = await launchChromium();
  const tabs: OpenTab[] = [];
  try {
    for (const [i, page] of pages.entries()) {
      if (page.pdf) {
        // A PDF tab is read by the extension itself (lib/offscreen/read-pdf.ts), as in the product.
        const text = await readCorpusPdf(page);
        const source = { tabId: i + 1, windowId: 1, frameId: 0, url: text.url, title: text.title || page.name };
        tabs.push({ page, tabId: i + 1, passages: text.passages.map((p) => ({ ...p, ...source })) });
        continue;
      }
      const tab = await openCorpusPage(browser, page);
      try {
        await tab.evaluate(script);
        const text = (await tab.evaluate(() =>
          (window as unknown as { CitedTabsExtract: { extractPage(d: Document): PageText } }).CitedTabsExtract.extractPage(
            document,
          ),
        )) as PageText;
        const tabId = i + 1;
        const source = { tabId, windowId: 1, frameId: 0, url: text.url, title: text.title || page.name };
        tabs.push({ page, tabId, passages: text.passages.map((p) => ({ ...p, ...source })) });
      } finally {
        await tab.close();
      }
    }
  } finally {
    await browser.close();
  }
  return tabs;
}

/**
 * A click on a PDF's citation: the extension's PDF viewer on that document (the viewer tab
 * already open for it, else a new one beside the PDF's tab), scrolled to the cited page, with
 * the quote highlighted in its text layer. The browser's own viewer runs no script of ours, so
 * the quote cannot be shown there; the viewer offers "Open the original" to go back to it.
 */
import { browser } from 'wxt/browser';
import type { Outcome } from '@/lib/shared/answer/run';
import { checkReply, type RevealMessage } from '@/lib/shared/protocol/messages';
import type { RevealResult } from '@/lib/shared/protocol/worker-replies';
import { fileOfViewerUrl, viewerCalls, viewerUrl, type PdfHighlightMessage } from '@/lib/shared/protocol/pdf-messages';
import { VIEWER_PATH } from '@/lib/worker/pdf/pdf-address';
import { t } from '@/lib/shared/core/i18n';

type PdfCitation = RevealMessage['citation'] & { page: number };

/** How long a viewer that is opening may take to show the document and answer. */
const VIEWER_TIMEOUT_MS = 20_000;
const MAX_OTHER_QUOTES = 50;

export const PDF_REVEAL_NOTES = {
  notOnPage: (page: number) => t('pdfRevealNotOnPage', page),
  get notShown() {
    return t('pdfRevealNotShown');
  },
  notOpened: (detail: string) => t('pdfRevealNotOpened', detail),
};

/** The other quotes of the answer cited from the same PDF, with their pages, without the clicked one. */
export function otherPdfQuotes(outcome: Outcome | null | undefined, c: PdfCitation): NonNullable<PdfHighlightMessage['others']> {
  if (!outcome || outcome.kind !== 'answer') return [];
  const key = (x: { page?: number; literal: string; passageOrder: number }) =>
    `${x.page}\u0000${x.passageOrder}\u0000${x.literal}`;
  const seen = new Set([key(c)]);
  const out: NonNullable<PdfHighlightMessage['others']> = [];
  for (const claim of outcome.claims) {
    for (const o of claim.citations) {
      if (o.page === undefined || o.url !== c.url || seen.has(key(o))) continue;
      seen.add(key(o));
      out.push({ literal: o.literal, passageText: o.passageText, passageOrder: o.passageOrder, page: o.page });
      if (out.length >= MAX_OTHER_QUOTES) return out;
    }
  }
  return out;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function revealPdfCitation(c: PdfCitation, outcome: Outcome | null | undefined): Promise<RevealResult> {
  const base = browser.runtime.getURL(VIEWER_PATH);
  const tabs = await browser.tabs.query({}).catch(() => []);
  const open = tabs.find((t) => fileOfViewerUrl(t.url, base) === c.url && t.id !== undefined);
  let tabId: number;
  let windowId: number | undefined;
  try {
    if (open) {
      tabId = open.id!;
      windowId = open.windowId;
      await browser.tabs.update(tabId, { active: true });
    } else {
      const from = tabs.find((t) => t.id === c.tabId);
      const url = viewerUrl(base, c.url, c.page);
      const tab = await browser.tabs
        .create({ url, windowId: c.windowId, active: true, ...(from ? { index: from.index + 1 } : {}) })
        .catch(() => browser.tabs.create({ url, active: true }));
      tabId = tab.id!;
      windowId = tab.windowId;
    }
  } catch (err) {
    return { ok: false, message: PDF_REVEAL_NOTES.notOpened(err instanceof Error ? err.message : String(err)) };
  }
  if (windowId !== undefined) await browser.windows.update(windowId, { focused: true }).catch(() => {});

  const msg: PdfHighlightMessage = {
    type: 'pdf-highlight',
    target: 'pdf-viewer',
    file: c.url,
    page: c.page,
    quote: {
      literal: c.literal,
      passageText: c.passageText,
      passageOrder: c.passageOrder,
      ...(c.parts ? { parts: c.parts } : {}),
    },
    others: otherPdfQuotes(outcome, c),
  };
  // Every extension page hears the message; the viewer of this document answers, once it has loaded.
  const deadline = Date.now() + VIEWER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const reply = checkReply(viewerCalls, 'pdf-highlight', await browser.runtime.sendMessage(msg).catch(() => undefined));
    if (reply) {
      if (reply.ok) return { ok: true };
      return {
        ok: false,
        message: reply.reason === 'not-found' ? PDF_REVEAL_NOTES.notOnPage(c.page) : PDF_REVEAL_NOTES.notShown,
      };
    }
    if (!(await browser.tabs.get(tabId).catch(() => null))) break;
    await delay(250);
  }
  return { ok: false, message: PDF_REVEAL_NOTES.notShown };
}

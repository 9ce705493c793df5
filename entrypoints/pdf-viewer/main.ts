// The extension's PDF viewer (pdf.js's viewer components): shows the PDF named by `?file=`, at
// `#page=N`, and highlights the quotes the background asks it to (lib/page/pdf/pdf-layer.ts).
// "Open the original" goes back to the document itself, in the browser's own viewer.
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { EventBus, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import 'pdfjs-dist/web/pdf_viewer.css';
import * as z from 'zod/mini';
import { highlightInLayer } from '@/lib/page/pdf/pdf-layer';
import { isFromExtensionPage } from '@/lib/shared/protocol/messages';
import { pdfHighlightMessage, type PdfHighlightMessage } from '@/lib/shared/protocol/pdf-messages';
import type { HighlightOutcome } from '@/lib/shared/protocol/types';
import '@/assets/theme.css';
import { localizeDocument, t } from '@/lib/shared/core/i18n';
import './style.css';

z.config({ jitless: true });
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

const file = new URL(location.href).searchParams.get('file') ?? '';
const container = document.getElementById('viewerContainer') as HTMLDivElement;
const status = document.getElementById('status')!;
const original = document.getElementById('original') as HTMLAnchorElement;
original.href = file;
// The page's fixed words, in the catalogue's language (the HTML holds none).
localizeDocument(document, 'pdfViewerTitle');
document.getElementById('title')!.textContent = t('pdf');
original.textContent = t('openOriginal');
container.setAttribute('aria-label', t('pdfDocument'));

const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const viewer = new PDFViewer({ container, eventBus, linkService });
linkService.setViewer(viewer);

/** Pages whose text layer is drawn, and those waiting for it. */
const layerDrawn = new Set<number>();
const layerWaiters = new Map<number, Array<() => void>>();
eventBus.on('textlayerrendered', ({ pageNumber }: { pageNumber: number }) => {
  layerDrawn.add(pageNumber);
  for (const done of layerWaiters.get(pageNumber) ?? []) done();
  layerWaiters.delete(pageNumber);
});
// A page scrolled far away is drawn again later: its layer is new then.
eventBus.on('pagerender', ({ pageNumber }: { pageNumber: number }) => layerDrawn.delete(pageNumber));

function pageFromHash(): number {
  const m = /(?:^|[#&])page=(\d+)/.exec(location.hash);
  return m ? Number(m[1]) : 1;
}

const opened = (async () => {
  if (!file) throw new Error(t('pdfNoFile'));
  const doc = await pdfjs.getDocument({ url: file, withCredentials: true }).promise;
  const pagesReady = new Promise<void>((resolve) => eventBus.on('pagesinit', () => resolve(), { once: true }));
  viewer.setDocument(doc);
  linkService.setDocument(doc, null);
  const meta = await doc.getMetadata().catch(() => null);
  const title =
    ((meta?.info as { Title?: string } | undefined)?.Title ?? '').trim() ||
    decodeURIComponent(file.split(/[?#]/)[0]!.split('/').pop() || file);
  document.title = t('pdfTitle', title);
  document.getElementById('title')!.textContent = title;
  await pagesReady;
  viewer.currentScaleValue = 'page-width';
  viewer.currentPageNumber = Math.min(pageFromHash(), doc.numPages);
  return doc;
})();
opened.catch((err: unknown) => {
  status.textContent = t('pdfNotShown', err instanceof Error ? err.message : String(err));
});

/** The text layer of a page, once drawn (the page is scrolled into view to draw it). */
function textLayerOf(pageNumber: number, timeoutMs = 10_000): Promise<Element | null> {
  const layer = () => viewer.getPageView(pageNumber - 1)?.textLayer?.div ?? null;
  if (layerDrawn.has(pageNumber) && layer()) return Promise.resolve(layer());
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    const list = layerWaiters.get(pageNumber) ?? [];
    list.push(() => {
      clearTimeout(timer);
      resolve(layer());
    });
    layerWaiters.set(pageNumber, list);
  });
}

async function highlight(msg: PdfHighlightMessage): Promise<HighlightOutcome> {
  const doc = await opened.catch(() => null);
  if (!doc || msg.page > doc.numPages) return { ok: false, reason: 'no-document' };
  const waiting = textLayerOf(msg.page);
  viewer.scrollPageIntoView({ pageNumber: msg.page });
  const layer = await waiting;
  if (!layer) return { ok: false, reason: 'no-document' };
  const others = (msg.others ?? []).filter((o) => o.page === msg.page);
  const outcome = highlightInLayer(layer, msg.quote, others);
  status.textContent = outcome.ok ? t('pdfHighlighted', msg.page) : t('pdfNotFoundOnPage', msg.page);
  return outcome;
}

browser.runtime.onMessage.addListener((raw, sender) => {
  // The worker only speaks through extension contexts; a content script (same id) is a page's voice.
  if (!isFromExtensionPage(sender, browser.runtime.id, browser.runtime.getURL('/'))) return;
  const msg = pdfHighlightMessage.safeParse(raw);
  if (!msg.success || msg.data.file !== file) return;
  return highlight(msg.data);
});
window.addEventListener('hashchange', () => {
  void opened.then(() => viewer.scrollPageIntoView({ pageNumber: pageFromHash() }));
});

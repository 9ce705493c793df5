/**
 * Where the extension runs pdf.js: a page with a DOM and Web Workers. Chrome's service worker has
 * neither, so it keeps one offscreen document (`chrome.offscreen`, reason WORKERS: pdf.js parses
 * in a worker of its own); Firefox's background is a page already, and holds the same document in
 * an iframe. The background sends it `pdf-read` and checks the reply.
 */
import { browser } from 'wxt/browser';
import { checkReply } from '@/lib/shared/protocol/messages';
import { offscreenCalls, type PdfReadMessage } from '@/lib/shared/protocol/pdf-messages';
import { PDF_NOTES, type PdfReadResult } from '@/lib/shared/protocol/pdf-notes';
import { pdfReadAllowed } from './allowed-addresses';

const OFFSCREEN_PATH = '/offscreen.html';
/** Reading a long PDF takes a while; a reply later than this is a failure. */
const READ_TIMEOUT_MS = 60_000;

interface OffscreenApi {
  createDocument(p: { url: string; reasons: string[]; justification: string }): Promise<void>;
  hasDocument?(): Promise<boolean>;
}

let ready: Promise<void> | null = null;

function offscreenApi(): OffscreenApi | undefined {
  return (globalThis as { chrome?: { offscreen?: OffscreenApi } }).chrome?.offscreen;
}

async function createOffscreen(): Promise<void> {
  const api = offscreenApi();
  if (api) {
    if (await api.hasDocument?.().catch(() => false)) return;
    await api
      .createDocument({
        url: OFFSCREEN_PATH,
        reasons: ['WORKERS'],
        justification: 'Reads the text of PDF tabs with pdf.js, which parses in a Web Worker.',
      })
      .catch((err: unknown) => {
        // Two questions at once: the other one made it.
        if (!String(err).includes('single offscreen')) throw err;
      });
    return;
  }
  if (typeof document !== 'undefined') {
    // Firefox (MV2): the background is a page; the reader lives in an iframe of it.
    if (document.querySelector('iframe[data-pdf-reader]')) return;
    const frame = document.createElement('iframe');
    frame.dataset.pdfReader = '';
    frame.src = browser.runtime.getURL(OFFSCREEN_PATH);
    await new Promise<void>((resolve, reject) => {
      frame.addEventListener('load', () => resolve(), { once: true });
      frame.addEventListener('error', () => reject(new Error('the PDF reader did not load')), { once: true });
      document.body.append(frame);
    });
    return;
  }
  throw new Error('this browser offers no page to read PDFs in');
}

function ensureReader(): Promise<void> {
  ready ??= createOffscreen().catch((err: unknown) => {
    ready = null;
    throw err;
  });
  return ready;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The PDF at `url`, read by the offscreen document; a reason when it could not be read. Only an
 * address of a tab in the question under way (`run`, lib/worker/pdf/allowed-addresses.ts) is read.
 */
export async function readPdfInOffscreen(url: string, run: ReadonlySet<string>): Promise<PdfReadResult> {
  if (!pdfReadAllowed(url, run)) return { ok: false, reason: PDF_NOTES.notFetched('not a tab of this question') };
  try {
    await ensureReader();
  } catch (err) {
    return { ok: false, reason: PDF_NOTES.unreadable(err instanceof Error ? err.message : String(err)) };
  }
  const msg: PdfReadMessage = { type: 'pdf-read', target: 'offscreen', url };
  let lastError = '';
  // The document may still be starting its listener: a few tries.
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const reply = await Promise.race([
        browser.runtime.sendMessage(msg),
        delay(READ_TIMEOUT_MS).then(() => {
          throw new Error(`no answer in ${READ_TIMEOUT_MS / 1000} s`);
        }),
      ]);
      const parsed = checkReply(offscreenCalls, 'pdf-read', reply);
      if (parsed) return parsed;
      lastError = reply === undefined ? 'the PDF reader did not answer' : 'the PDF reader sent back something unreadable';
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
      if (lastError.startsWith('no answer')) break;
    }
    // A reader that vanished (the browser may close offscreen documents) is made again.
    ready = null;
    await ensureReader().catch(() => {});
    await delay(100 * (attempt + 1));
  }
  return { ok: false, reason: PDF_NOTES.unreadable(lastError) };
}

/**
 * The offscreen document's side of PDF reading: it answers the background's `pdf-read` with the
 * PDF's passages or the reason it has none. Only the extension's own pages and worker are heard.
 */
import { browser } from 'wxt/browser';
import { isFromExtensionPage } from '@/lib/shared/protocol/messages';
import { dispatch } from '@/lib/shared/protocol/dispatch';
import { offscreenCalls } from '@/lib/shared/protocol/pdf-messages';
import { fetchPdf, readPdf, type PdfJs } from './read-pdf';
import type { PdfReadResult } from '@/lib/shared/protocol/pdf-notes';

/**
 * `fetch` does not read `file:` addresses; XMLHttpRequest does, for an extension the user let
 * read local files. Its answer as a Response, so that the byte budget applies alike.
 */
function fetchLocal(url: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.responseType = 'arraybuffer';
    xhr.onload = () => resolve(new Response(xhr.response as ArrayBuffer, { status: 200 }));
    xhr.onerror = () => reject(new Error('the file could not be read'));
    xhr.send();
  });
}

export async function readPdfAt(pdfjs: PdfJs, url: string): Promise<PdfReadResult> {
  const fetchFn: typeof fetch = url.startsWith('file:') ? (input) => fetchLocal(String(input)) : fetch;
  const bytes = await fetchPdf(url, fetchFn);
  if (!bytes.ok) return bytes;
  return readPdf(pdfjs, bytes.data, url);
}

export function listenForPdfReads(pdfjs: PdfJs): void {
  browser.runtime.onMessage.addListener((raw, sender) => {
    // The extension's own pages and worker only: a content script also has the extension's id,
    // but speaks for its page, which must not make the extension fetch an address with cookies.
    if (!isFromExtensionPage(sender, browser.runtime.id, browser.runtime.getURL('/'))) return;
    return dispatch<typeof offscreenCalls>(offscreenCalls, { 'pdf-read': (request) => readPdfAt(pdfjs, request.url) }, raw);
  });
}

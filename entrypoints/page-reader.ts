/**
 * The script the worker injects into each frame of a tab when the user asks, never on its own:
 * it reads the frame's text and checks the passages about to be sent, answering only the
 * extension's requests. Every tab a question reads compiles and runs it, so it holds nothing
 * else: finding a cited quote (a click's highlight, the proof that a quote is drawn) is the quote
 * finder's (entrypoints/quote-finder.ts), injected only then.
 * An unlisted script (as the video reader is), not a content script: WXT wraps a content script
 * in a context (an abort controller, a message posted to the page, a listener for newer copies)
 * that this script never used, and every tab a question reads paid for it at each injection
 * (about 5 ms of the renderer's 16 for the whole script, measured on this machine).
 */
// First: the moment the bundle began to run, before its other modules (lib/page/read/script-start.ts).
import { scriptStarted } from '@/lib/page/read/script-start';
import '@/lib/page/dom/dom'; // the DOM's own members, before any page lookup (lib/page/dom/dom.ts)
import * as z from 'zod/mini';
import { dispatch, type Handlers } from '@/lib/shared/protocol/dispatch';
import type { ReadingCalls } from '@/lib/shared/protocol/messages';
import { pageRequests } from '@/lib/shared/protocol/page-requests';
import { readFrame } from '@/lib/page/read/read-frame';
import { pdfDocumentText } from '@/lib/page/pdf/pdf-document';
import { watchChanges, type ChangeWatch } from '@/lib/page/read/change-watch';
import {
  checkPassages,
  checkPassagesSettled,
  settledVerdict,
  type PassageVerdict,
  type PassageWords,
} from '@/lib/page/read/passage-check';
import type { PageText } from '@/lib/shared/protocol/types';
import { hasMedia } from '@/lib/page/video/detect';
import { shadowRootGetter } from '@/lib/page/read/shadow-roots';

declare global {
  interface Window {
    __citedTabsListening?: boolean;
  }
}

// Injected by the background only when the user asks (lib/worker/read/call-page.ts `PAGE_SCRIPT`), never on its own.
export default defineUnlistedScript({
  // What the injection returns to the worker: whether the frame has a video (lib/page/video/detect.ts),
  // so that its captions are read while the page's text is (the video reader is injected then).
  main(): { media: boolean } {
    const injected = { media: hasMedia(document) };
    // The background injects before every request: listen once per page.
    if (window.__citedTabsListening) return injected;
    window.__citedTabsListening = true;
    z.config({ jitless: true });

    // Closed shadow roots hold visible text too; only an extension can open them (Chrome, Firefox).
    const getShadowRoot = shadowRootGetter(browser.dom);

    // The last reading, watched for changes from its start: a follow-up may reuse it while none came.
    // With the words of its passages, for the check before any is sent.
    let last: { readId: string; watch: ChangeWatch; words?: PassageWords } | null = null;
    // The first reading's timings say when this script started (lib/shared/protocol/read-timing.ts).
    const startup = { evaluated: scriptStarted, listening: scriptStarted };
    let firstReading = true;
    const handlers: Handlers<ReadingCalls> = {
      // Waits for the page to settle (capped), then reads it within its budgets.
      // A PDF shown by the browser's viewer is read by the extension itself: the page says so.
      // A frame small enough to be sent whole checks every passage at once (`checkUpTo`), during
      // the probe of a page long still: the check before sending in the same round trip.
      extract: async ({ checkUpTo }) => {
        const asked = Date.now();
        last?.watch.stop();
        const reading: NonNullable<typeof last> = { readId: crypto.randomUUID(), watch: watchChanges(document) };
        last = reading;
        const onWords = (words: PassageWords) => (reading.words = words);
        const marks: { settled?: number; walked?: number } = {};
        let shown: PassageVerdict | undefined;
        // A frame plainly small enough is read with every test, its verdict given with the reading.
        const onRead = (read: PageText, checked?: PassageVerdict) => {
          const { words } = reading;
          shown =
            checked ??
            (checkUpTo !== undefined && read.chars <= checkUpTo && words
              ? checkPassages(
                  document,
                  words,
                  read.passages.map((p) => p.id),
                  getShadowRoot,
                )
              : undefined);
        };
        const pdf = pdfDocumentText(document);
        if (pdf) return { ...pdf, readId: reading.readId };
        const text = await readFrame(document, {
          getShadowRoot,
          onWords,
          onRead,
          marks,
          ...(checkUpTo !== undefined ? { checkUpTo } : {}),
        });
        // Words over a picture not read yet were counted unseen: its pixels are read, and the check made again.
        if (shown && reading.words) {
          shown = await settledVerdict(
            document,
            reading.words,
            text.passages.map((p) => p.id),
            shown,
            getShadowRoot,
          );
        }
        const settled = marks.settled ?? asked;
        const timing = { ...(firstReading ? startup : {}), asked, settled, walked: marks.walked ?? settled, replied: Date.now() };
        firstReading = false;
        // A video's captions are read by the video reader, injected only where this says so.
        return {
          ...text,
          readId: reading.readId,
          ...(shown ? { shown } : {}),
          ...(hasMedia(document) ? { media: true as const } : {}),
          timing,
        };
      },
      // Only the passages about to be sent are asked every test of what hides words.
      shown: async ({ readId, ids }) =>
        last?.readId === readId && last.words
          ? checkPassagesSettled(document, last.words, ids, getShadowRoot)
          : { hidden: ids, cut: [], noHeading: [], unknown: true as const },
      unchanged: async ({ readId }) => ({ unchanged: last?.readId === readId && !last.watch.changed() }),
    };
    browser.runtime.onMessage.addListener((raw, sender) => {
      if (sender.id !== browser.runtime.id) return;
      return dispatch<ReadingCalls>(pageRequests, handlers, raw);
    });
    startup.listening = Date.now();
    return injected;
  },
});

/**
 * A click on a citation: the worker is asked to show the quote in its tab; when it cannot (the
 * quote is gone, the tab closed), the note says why and may offer the page as cited.
 */
import { useState } from 'preact/hooks';
import { callWorker } from '@/lib/shared/protocol/call-worker';
import type { RevealMessage } from '@/lib/shared/protocol/messages';
import type { ShownCitation } from '@/lib/shared/answer/run';

export interface RevealNoteState {
  message: string;
  /** The citation to open as cited, when the worker offered that. */
  retry: ShownCitation | null;
}

export interface Revealing {
  note: RevealNoteState | null;
  reveal: (citation: ShownCitation, openAsCited?: boolean) => Promise<void>;
  /** A note of the app's own (the side panel could not open). */
  say: (message: string) => void;
  clear: () => void;
}

/** The reveal request for a citation: what the worker needs to find the quote, nothing more. */
export function revealRequestOf(c: ShownCitation, openAsCited: boolean): RevealMessage {
  return {
    type: 'reveal',
    openAsCited,
    citation: {
      tabId: c.tabId,
      windowId: c.windowId,
      frameId: c.frameId,
      url: c.url,
      literal: c.literal,
      passageText: c.passageText,
      passageOrder: c.passageOrder,
      ...(c.parts ? { parts: c.parts } : {}),
      ...(c.page !== undefined ? { page: c.page } : {}),
      ...(c.video !== undefined ? { video: c.video } : {}),
    },
  };
}

export function useReveal(): Revealing {
  const [note, setNote] = useState<RevealNoteState | null>(null);
  const reveal = async (c: ShownCitation, openAsCited = false) => {
    setNote(null);
    try {
      const result = await callWorker(revealRequestOf(c, openAsCited));
      if (!result.ok) setNote({ message: result.message, retry: result.offerOpen ? c : null });
    } catch (err) {
      setNote({ message: err instanceof Error ? err.message : String(err), retry: null });
    }
  };
  return { note, reveal, say: (message) => setNote({ message, retry: null }), clear: () => setNote(null) };
}

/**
 * Bundled into test pages by page-checks.test.ts: the page script's reading and check of what a
 * reader sees (lib/page/read/extract.ts, lib/page/read/passage-check.ts) and its proof that a quote is
 * drawn (lib/page/find/quote-seen.ts), run on the page as it is laid out in a real browser.
 */
import { proveSeen } from '@/lib/page/find/quote-seen';
import { extractPage } from '@/lib/page/read/extract';
import { checkPassages, type PassageWords } from '@/lib/page/read/passage-check';
import type { SeenResult } from '@/lib/shared/protocol/types';

/** The passages' texts as read, and the text the check before sending lets go (what no reader sees left out or cut). */
export function read(): { read: string; sent: string } {
  let words: PassageWords | undefined;
  const page = extractPage(document, { onWords: (w) => (words = w) });
  const verdict = checkPassages(
    document,
    words!,
    page.passages.map((p) => p.id),
  );
  const hidden = new Set(verdict.hidden);
  const cut = new Map(verdict.cut.map((c) => [c.id, c.text]));
  return {
    read: page.passages.map((p) => p.text).join('\n'),
    sent: page.passages
      .filter((p) => !hidden.has(p.id))
      .map((p) => cut.get(p.id) ?? p.text)
      .join('\n'),
  };
}

/** Whether each literal, quoted from the block of text it is in, is drawn for a reader now. */
export function prove(quotes: Array<{ literal: string; passageText: string }>): SeenResult[] {
  return proveSeen(
    document,
    quotes.map((q) => ({ ...q, passageOrder: 0 })),
  );
}

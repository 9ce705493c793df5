/**
 * A PDF's reading as a tab's reading. The browser's PDF viewer runs no content script of ours, so
 * a PDF tab is not read frame by frame: the offscreen document reads the whole document
 * (lib/worker/pdf/offscreen-client.ts), and its reading becomes a tab of one frame here, beside
 * the other tabs' readings (read-tab.ts). Pure.
 */
import type { SkippedTab } from '@/lib/shared/protocol/types';
import { pdfNoteText, type PdfReadResult } from '@/lib/shared/protocol/pdf-notes';
import type { TabRead } from './frames';

/** A PDF's reading as the reading of a tab with one frame, or the tab skipped with the reason. */
export function pdfTabRead(result: PdfReadResult, tab: { tabId: number; title: string; url: string }): TabRead | SkippedTab {
  if (!result.ok) return { ...tab, reason: pdfNoteText(result.reason) };
  return { url: result.page.url, title: result.page.title, frames: [{ frameId: 0, page: result.page }], unreachableFrames: 0 };
}

/**
 * The history, shown instead of the conversation while its button is pressed (./App.tsx): what a
 * citation's reveal says above it, and the list of threads (loaded when first opened:
 * ./lazy-parts.ts), opened on the last thread for "Continue: …".
 */
import type { ShownCitation } from '@/lib/shared/answer/run';
import { LazyHistoryView } from './lazy-parts';
import { RevealNoteView } from './RevealNoteView';
import type { Revealing } from './use-reveal';

export interface HistoryPaneProps {
  revealing: Revealing;
  /** The side panel: a thread opened steps through its quotes. */
  stepper: boolean;
  onReveal: (c: ShownCitation) => void;
  /** Opened on the last thread ("Continue: …"). */
  openLatest: boolean;
  /** There was no thread to open: the history closes. */
  onNothingToOpen: () => void;
}

/** The history pane: the reveal's note, then the threads kept. */
export function HistoryPane({ revealing, stepper, onReveal, openLatest, onNothingToOpen }: HistoryPaneProps) {
  return (
    <div class="history-pane">
      <RevealNoteView revealing={revealing} />
      <LazyHistoryView stepper={stepper} onReveal={onReveal} openLatest={openLatest} onNothingToOpen={onNothingToOpen} />
    </div>
  );
}

/**
 * The parts of the popup and the side panel that the first screen does not show, each loaded
 * when first shown (lazy.tsx): the history, the review before sending, the search results, the
 * answer's details and what was read for it, the selection a question was about or is to be
 * about, the tab chooser, the note that asks for access to sites, and the side panel's citation
 * stepper. Same props and accessible names as the parts themselves;
 * their use sites only swap the tag.
 */
import { lazy } from './lazy';

export const LazyHistoryView = lazy(() => import('./HistoryView').then((m) => m.HistoryView));
export const LazyReviewPanel = lazy(() => import('./ReviewPanel').then((m) => m.ReviewPanel));
export const LazySearchResults = lazy(() => import('./SearchResults').then((m) => m.SearchResults));
export const LazyAnswerDetails = lazy(() => import('./AnswerDetails').then((m) => m.AnswerDetails));
export const LazyTabChooser = lazy(() => import('./TabChooser').then((m) => m.TabChooser));
export const LazyAccessNote = lazy(() => import('./AccessNote').then((m) => m.AccessNote));
export const LazyCitationStepper = lazy(() => import('./CitationStepper').then((m) => m.CitationStepper));
export const LazyCoverageNote = lazy(() => import('./CoverageNote').then((m) => m.CoverageNote));
export const LazySelectionNote = lazy(() => import('./SelectionNote').then((m) => m.SelectionNote));
export const LazyPendingSelectionNote = lazy(() => import('./PendingSelectionNote').then((m) => m.PendingSelectionNote));

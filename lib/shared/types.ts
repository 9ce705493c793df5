/** Shapes shared by the content script, the background pipeline and the popup. */

/** A few sentences of a page's visible text, as extraction cut them. */
export interface Passage {
  /** Stable for the same page content: the same text at the same place gives the same id. */
  id: string;
  text: string;
  /** The nearest heading above the passage, as context for the reader and the model. */
  heading?: string;
  /** True for the user's own text selection, which always comes first. */
  selection?: boolean;
  /** Position of the passage in reading order (0-based); anchoring uses it to pick an occurrence. */
  order: number;
}

/** What extraction returns for one frame of one tab. */
export interface PageText {
  url: string;
  title: string;
  passages: Passage[];
  /** Characters of visible text read. */
  chars: number;
  /** How completely the frame was read (replies of older scripts have none). */
  coverage?: FrameCoverage;
  /** Where the frame is in its tab and where its focus goes: whose selection is the user's. */
  focus?: FrameFocus;
}

/** A frame's place among its tab's frames, and the embedded frame its focus is in. */
export interface FrameFocus {
  /** Its index in each ancestor's `window.frames`, from the top frame down; [] for the top. */
  path: number[];
  /** The index in its own `window.frames` of the embedded frame that has the focus, or null. */
  child: number | null;
}

/** How completely one frame was read, for the popup's coverage line and the abstentions. */
export interface FrameCoverage {
  /** About how much of the frame's text was read, 0–1: below 1 when a budget stopped the walk. */
  readShare: number;
  /** What stopped the walk: too much text, or too long to read. */
  truncatedBy?: 'size' | 'time';
  /** The page was still loading or changing when the wait for it to settle ran out. */
  unsettled?: boolean;
  /** Frames embedded in this one (each is read by a script of its own). */
  childFrames?: number;
  /** An embedded frame too small to show anything (hidden, 0×0, 1×1): not read. */
  hiddenFrame?: boolean;
}

/** Where a passage came from: enough to show its source and to go back to it. */
export interface PassageSource {
  tabId: number;
  windowId: number;
  frameId: number;
  url: string;
  title: string;
}

export type SourcedPassage = Passage & PassageSource;

/** A tab that was in scope but could not be read, with the reason the popup shows. */
export interface SkippedTab {
  tabId: number;
  title: string;
  url: string;
  reason: string;
}

/** What the content script needs to find a cited quote in the live page. */
export interface QuoteTarget {
  literal: string;
  /** The text of the passage the quote was verified against, to choose the right occurrence. */
  passageText: string;
  passageOrder: number;
}

export type HighlightOutcome =
  | { ok: true; text: string }
  | { ok: false; reason: 'not-found' | 'no-document' };

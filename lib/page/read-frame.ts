/**
 * What the page script does when the background asks it to read its frame: wait for the page to
 * settle (capped), read it within its budgets, and say how completely it was read. Each frame of
 * a tab (the page, and every frame embedded in it) is read by a script of its own.
 */
import { extractPage, type ExtractOptions } from './extract';
import { settle, type SettleOptions } from './settle';
import type { PageText } from '@/lib/shared/types';

export interface ReadFrameOptions extends ExtractOptions {
  settle?: SettleOptions;
}

/** A frame smaller than this (in CSS pixels, either way) shows nothing: a hidden or tracking frame. */
const MIN_FRAME_SIDE = 2;

export async function readFrame(doc: Document, options: ReadFrameOptions = {}): Promise<PageText> {
  const view = doc.defaultView;
  const childFrames = view?.frames?.length ?? 0;
  if (view && !isTopFrame(view) && (view.innerWidth < MIN_FRAME_SIDE || view.innerHeight < MIN_FRAME_SIDE)) {
    return {
      url: doc.URL,
      title: doc.title ?? '',
      passages: [],
      chars: 0,
      coverage: { readShare: 1, hiddenFrame: true, childFrames },
    };
  }
  const settled = await settle(doc, options.settle);
  // The selection is read after the wait: the user may have selected while the page settled.
  const selection = options.selection ?? view?.getSelection?.()?.toString() ?? '';
  const page = extractPage(doc, { ...options, selection });
  page.coverage = { readShare: 1, ...page.coverage, childFrames };
  if (!settled.settled) page.coverage.unsettled = true;
  return page;
}

function isTopFrame(view: Window): boolean {
  try {
    return view === view.top || view.top === null;
  } catch {
    return false;
  }
}

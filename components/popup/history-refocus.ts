/**
 * Where the keyboard goes in the history's list once a control it was on is gone: the next
 * entry's Delete after a delete, Keep them or Delete all history as the question to confirm comes
 * and goes, the heading once the list is empty. Pure: it waits until the list has changed (a
 * deleted entry's button is there until the list is shorter), then names the control.
 */

/** What is about to go, and so where the focus should land once it has. */
export type Refocus = { entry: number; of: number } | 'keep' | 'delete-all' | 'heading';

/** The control to focus: the Delete of one entry (by its place), or another named control. */
export type FocusTarget = { delete: number } | 'keep' | 'delete-all' | 'heading';

/** Where the focus goes now, with `entries` threads listed and `deletes` Delete buttons drawn, or 'wait'. */
export function refocusTarget(refocus: Refocus, entries: number, deletes: number): FocusTarget | 'wait' {
  if (typeof refocus === 'object') {
    // A delete is done when the list is shorter: until then the deleted entry's button is there.
    if (entries >= refocus.of) return 'wait';
    return deletes > 0 ? { delete: Math.min(refocus.entry, deletes - 1) } : 'heading';
  }
  if (refocus === 'heading' && entries > 0) return 'wait';
  return refocus;
}

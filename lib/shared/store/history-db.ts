/**
 * The history's database and its keys (the extension origin's IndexedDB), and the revision that
 * tells open screens it was written: what the store (history-store.ts) and the light reader of the
 * latest thread (history-latest.ts, in the popup's first load) share, without what either does.
 */
import type { UseStore } from 'idb-keyval';
import { storage } from 'wxt/utils/storage';
import { openStore } from './idb-store';

export const HISTORY_DB = 'cited-tabs-history';
const HISTORY_STORE = 'history';
export const ENTRIES = 'entries';
/** Entries that did not read, as they were stored: kept for a later version or a person to recover. */
export const DAMAGED = 'damaged';
/** What the list shows of each entry (`HistoryListing`), and the newest entry's summary alone. */
export const LISTING = 'listing';
export const LATEST = 'latest';

// Defined on first use: defining a storage item reads storage, which a module that only names the
// database (as the content-script test does) must not do.
let revision: ReturnType<typeof defineRevision> | undefined;
const defineRevision = () => storage.defineItem<number>('session:historyRevision', { fallback: 0 });
export const revisionItem = () => (revision ??= defineRevision());

let store: UseStore | undefined;
export const historyStore = () => (store ??= openStore(HISTORY_DB, HISTORY_STORE));

/** Calls `onChange` each time the history is written (then read what is needed); returns the unwatch. */
export function onHistoryWrite(onChange: () => void): () => void {
  return revisionItem().watch(() => onChange());
}

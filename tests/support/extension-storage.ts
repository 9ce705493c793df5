/**
 * What the extension keeps (settings, the key, the runs, the history), written and read in its
 * own worker as the options page and the worker do, so a test starts from a known state.
 */
import type { Page, WebWorker } from 'puppeteer-core';
import { liveWorker, type Harness } from './extension-browser';

/**
 * Writes settings as the options page does: the key in the extension's IndexedDB (see
 * lib/shared/store/api-key.ts), kept and confirmed for the base URL's origin, the rest in `storage.local`.
 * `keys`: the keys' stored version (lib/shared/store/key-schema.ts): 2, by origin, as this build keeps
 * them; 1, the one record `{key, origin}` of the builds before (the previous release's, for the
 * update test).
 */
export async function setSettings(h: Harness, settings: Record<string, unknown>, keys: 1 | 2 = 2): Promise<void> {
  const { apiKey, ...rest } = settings;
  await liveWorker(h);
  await h.worker.evaluate(
    async (s, key, version) => {
      await chrome.storage.local.set({ settings: s });
      const origin = new URL(String(s.baseURL ?? 'https://api.anthropic.com')).origin;
      // No named function in here: a bundler that keeps names would wrap it in a helper the worker lacks.
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-key');
        open.onupgradeneeded = () => open.result.createObjectStore('secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('secrets', 'readwrite');
          const store = tx.objectStore('secrets');
          store.delete('keys');
          store.delete('apiKey');
          // Version 2, the keys by origin: this one confirmed for its origin. Version 1: one record.
          if (key && version === 2) store.put({ version: 2, byOrigin: { [origin]: { key, confirmed: true } } }, 'keys');
          if (key && version === 1) store.put({ key, origin }, 'apiKey');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    },
    rest,
    typeof apiKey === 'string' ? apiKey : '',
    keys,
  );
}

/** Settings, the key and the runs: all the extension keeps. */
export async function clearStorage(h: Harness): Promise<void> {
  await liveWorker(h);
  await h.worker.evaluate(async () => {
    await Promise.all([chrome.storage.local.clear(), chrome.storage.session.clear()]);
    // The key's and the history's databases (lib/shared/store/api-key.ts, lib/shared/store/history-store.ts).
    // No named function in here: a bundler that keeps names would wrap it in a helper the worker lacks.
    for (const [db, name] of [
      ['cited-tabs-key', 'secrets'],
      ['cited-tabs-history', 'history'],
    ] as const) {
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onupgradeneeded = () => open.result.createObjectStore(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(name, 'readwrite');
          tx.objectStore(name).clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    }
  });
}

/** A context of the extension's origin (a page of its own, or its worker), where its IndexedDB opens. */
type ExtensionContext = Pick<Page, 'evaluate'> | Pick<WebWorker, 'evaluate'>;

/** The history as stored, in the extension origin's IndexedDB (lib/shared/store/history-store.ts), read in `where`. */
export function historyIn(where: ExtensionContext): Promise<unknown> {
  return where.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-history');
        open.onupgradeneeded = () => open.result.createObjectStore('history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('history').objectStore('history').get('entries');
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/**
 * Writes `entries` as the stored history, in `where` (an older version's, or a profile's to start
 * from): the entries alone, as the builds before the listing wrote them, so the extension builds
 * the list's listing from them (lib/shared/store/history-store.ts).
 */
export function putHistoryIn(where: ExtensionContext, entries: unknown): Promise<void> {
  return where.evaluate(
    (e) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cited-tabs-history');
        open.onupgradeneeded = () => open.result.createObjectStore('history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('history', 'readwrite');
          tx.objectStore('history').put(e, 'entries');
          tx.objectStore('history').delete('listing');
          tx.objectStore('history').delete('latest');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entries,
  );
}

/** The history as the worker stored it. */
export function storedHistory(h: Harness): Promise<unknown> {
  return historyIn(h.worker);
}

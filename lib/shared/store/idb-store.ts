/**
 * An object store of one of the extension's IndexedDB databases (the keys', the history's), opened
 * at the database version lib/shared/store/store-versions.ts decides, in idb-keyval's form: the browser
 * needs a database's version to open it, and the stores' own versions live beside it.
 */
import { promisifyRequest, type UseStore } from 'idb-keyval';
import { DATABASE_VERSION } from './store-versions';

/** `storeName` of the database `dbName`, created the first time; one connection, opened on first use. */
export function openStore(dbName: string, storeName: string): UseStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    if (db) return db;
    const request = indexedDB.open(dbName, DATABASE_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(storeName)) request.result.createObjectStore(storeName);
    };
    const opened = promisifyRequest(request);
    db = opened;
    opened.then(
      // A connection the browser closed (the profile's data cleared) is opened again next time.
      (d) => void (d.onclose = () => (db = undefined)),
      () => (db = undefined),
    );
    return opened;
  };
  return (txMode, callback) => open().then((d) => callback(d.transaction(storeName, txMode).objectStore(storeName)));
}

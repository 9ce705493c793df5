/**
 * The backup file ("Export my data" / "Import my data" in the options): one JSON file with the
 * history (threads with their quotes and sources), the settings, and the keys (one per server,
 * each with whether it was confirmed for its origin) only when the user ticked it. Versioned as
 * storage is, by the same scheme and runner (lib/shared/store/store-versions.ts): the file's `version`
 * is its keys' (1: one key record, moved to the keys by origin as the stored record is; 2: keys
 * by origin), its history carries the history's, its settings are version 1. A damaged or foreign
 * file is refused as a whole, so nothing changes: every thread has at least one turn and links
 * only to web pages (http(s)), and the site shown beside a source is its link's. Pure: the options page reads and writes.
 */
import * as z from 'zod/mini';
import { MAX_KEY_LENGTH, type SavedKeys } from './key-schema';
import { HISTORY_LIMITS, type HistoryEntry } from './history';
import { checkedEntries, foreignLink, IMPORTED_PROTOCOLS, mergeHistory } from './history-schema';
import type { SettingsDefaults } from './settings-schema';
import { bringUpToDate, STORES, whyNotUpToDate, type UpToDate } from './store-versions';

export const BACKUP_FORMAT = 'cited-tabs-backup';
/** The keys' version (lib/shared/store/store-versions.ts): 2, the keys by origin (`keys`); 1 held one `key` record. */
export const BACKUP_VERSION = STORES.keys.version;

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: number;
  history: { version: number; entries: HistoryEntry[] };
  /** As stored (checked again on import by the settings' own schema). */
  settings: Record<string, unknown>;
  /** Only when the user ticked "Include my API keys": each server's key by origin. */
  keys?: SavedKeys;
}

export function makeBackup(
  data: { entries: HistoryEntry[]; settings: SettingsDefaults | Record<string, unknown>; keys: SavedKeys | null },
  now: number,
): Backup {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now,
    history: { version: STORES.history.version, entries: data.entries },
    settings: { ...data.settings },
    ...(data.keys && Object.keys(data.keys).length > 0 ? { keys: { ...data.keys } } : {}),
  };
}

const envelope = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.int(),
  exportedAt: z.number(),
  history: z.object({ version: z.int(), entries: z.unknown() }),
  settings: z.record(z.string(), z.unknown()),
  // Version 1's one key; version 2's keys by origin (checked by the keys' own schema below).
  key: z.optional(z.object({ key: z.string().check(z.minLength(1), z.maxLength(MAX_KEY_LENGTH)), origin: z.string() })),
  keys: z.optional(z.unknown()),
});

/** The file's keys brought up to date, by its version (the keys'): version 1's one record moved as the stored one is. */
function keysOfFile(file: z.infer<typeof envelope>): UpToDate | null {
  if (file.version < 2) {
    if (!file.key) return null;
    const baseURL = typeof file.settings.baseURL === 'string' ? file.settings.baseURL : '';
    return bringUpToDate('keys', { record: file.key, baseURL }, file.version);
  }
  return file.keys === undefined ? null : bringUpToDate('keys', file.keys, file.version);
}

export type BackupProblem = 'not-json' | 'foreign' | 'newer' | 'damaged';
export type ReadBackup = { ok: true; backup: Backup } | { ok: false; problem: BackupProblem; detail?: string };

/** The file's text read as a backup, its history brought to this version; refused whole otherwise. */
export function readBackup(text: string): ReadBackup {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not-json' };
  }
  if (!raw || typeof raw !== 'object' || (raw as { format?: unknown }).format !== BACKUP_FORMAT)
    return { ok: false, problem: 'foreign' };
  const parsed = z.safeParse(envelope, raw);
  if (!parsed.success) return { ok: false, problem: 'damaged', detail: parsed.error.issues[0]?.path.join('.') };
  const file = parsed.data;
  if (file.version > BACKUP_VERSION) return { ok: false, problem: 'newer' };
  const history = bringUpToDate('history', file.history.entries, file.history.version);
  if (history.kind === 'newer') return { ok: false, problem: 'newer' };
  if (history.kind === 'failed') return { ok: false, problem: 'damaged', detail: history.error };
  // Every thread checked, whatever version the file says: a file can be edited by hand.
  let checked: HistoryEntry[];
  try {
    checked = checkedEntries(history.value);
  } catch (e) {
    return { ok: false, problem: 'damaged', detail: e instanceof Error ? e.message : String(e) };
  }
  // A file's links are the web's only: a thread of it that links elsewhere is named, and nothing is added.
  const foreign = checked.findIndex((e) => foreignLink(e, IMPORTED_PROTOCOLS) !== null);
  if (foreign >= 0) return { ok: false, problem: 'damaged', detail: `history.entries.${foreign}: a link that is not a web page` };
  // The settings are version 1, each field read again on import by their own schema (lib/shared/store/settings-schema.ts).
  const settings = bringUpToDate('settings', file.settings, 1);
  if (settings.kind !== 'current') return { ok: false, problem: 'damaged', detail: `settings: ${whyNotUpToDate(settings)}` };
  const read = keysOfFile(file);
  if (read && read.kind !== 'current') return { ok: false, problem: 'damaged', detail: `keys: ${whyNotUpToDate(read)}` };
  const keys = read?.value as SavedKeys | undefined;
  const { key: _v1, keys: _raw, ...rest } = file;
  return {
    ok: true,
    backup: {
      ...rest,
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      history: { version: STORES.history.version, entries: checked },
      ...(keys && Object.keys(keys).length > 0 ? { keys } : {}),
    },
  };
}

/** What importing `backup` adds to `history`: threads new here, threads the file has a later turn of. */
export interface ImportPreview {
  added: HistoryEntry[];
  updated: HistoryEntry[];
  /** The history after the import, within its limits (newest first). */
  merged: HistoryEntry[];
  /** Threads, the oldest, that would be past the history's limit: said before anything is added. */
  leftOut: number;
}

export function previewImport(
  history: readonly HistoryEntry[],
  backup: Backup,
  limit: number = HISTORY_LIMITS.entries,
): ImportPreview {
  const known = new Map(history.map((e) => [e.id, e]));
  const incoming = backup.history.entries;
  const all = mergeHistory(history, incoming);
  return {
    added: incoming.filter((e) => !known.has(e.id)),
    updated: incoming.filter((e) => (known.get(e.id)?.updatedAt ?? Infinity) < e.updatedAt),
    merged: all.slice(0, limit),
    leftOut: Math.max(0, all.length - limit),
  };
}

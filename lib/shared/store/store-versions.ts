/**
 * The one scheme by which every stored shape is versioned: each store's current version, the zod
 * schema a value of that version reads with, and its steps from each older version, in one table
 * (`STORES`); and the one runner (`bringUpToDate`) that takes any stored value, from storage or
 * from an imported backup file, to the current version, checking it against that version's shape.
 * The runner writes nothing: what it cannot bring up to date (a step that throws, a result that
 * does not read, a version newer than this build's) is said, and the caller keeps it as it was,
 * never overwritten. IndexedDB's own database version, which the browser requires to open a
 * database, is decided here too (`DATABASE_VERSION`), apart from the stores' versions in it.
 *
 * Where each store's stored version is found (what the previous releases wrote decides it):
 * - `local:storeVersions` for the shapes in `storage.local` (`LOCAL_STORES`), brought up to date at
 *   every start of the worker (lib/worker/wiring/data-updates.ts); a store missing there is version
 *   1, the shape the previous release (5da60b5) wrote, as the samples in lib/shared/store/samples/ show.
 *   The settings are version 1 and have no step: each field reads on its own at every load
 *   (lib/shared/store/settings-schema.ts), a bad one its default.
 * - The keys: the `version` beside them in their IndexedDB record (lib/shared/store/api-key.ts); version
 *   1 was the one record `apiKey`, moved at start-up and at every settings load.
 * - The history: version 1 is `local:history`, moved into IndexedDB at start-up; version 2 is the
 *   entries there.
 * - A backup file (lib/shared/store/backup.ts): its `version` is its keys' version (1: one key record;
 *   2: keys by origin), its `history.version` its history's; its settings are version 1.
 * - The last run (`session:lastRun`): its `version` field (`RUN_STATE_VERSION`, set in
 *   lib/shared/answer/run-state.ts, which this module sits above); session storage, which every update
 *   empties, so no steps: a run of another version is not shown.
 * The thread has no version: one session's, in session storage; its answered turns are the history.
 *
 * A store whose shape changes gets its version raised here, a step from the version before (a
 * pure function, unit-tested on a sample of what the release before wrote), and nothing else.
 */
import * as z from 'zod/mini';
import { checkedEntries, historyEntrySchema } from './history-schema';
import { byOriginSchema, keysFromV1, type KeysV1 } from './key-schema';
import { REPAIR_CLASSES } from '@/lib/shared/answer/run';
import { RUN_STATE_VERSION, runStateSchema, SCOPES } from '@/lib/shared/answer/run-state';
import { DEFAULT_SETTINGS, MAX_FRAGMENT_BUDGET, MIN_FRAGMENT_BUDGET } from './settings';
import { storedSettingsSchema } from './settings-schema';

/** The version every IndexedDB database of the extension is opened at (lib/shared/store/idb-store.ts). */
export const DATABASE_VERSION = 1;

/** One store's scheme: `steps[n]` turns version n into version n + 1. */
export interface StoreScheme {
  version: number;
  /** The current version's shape: what a value must read as once brought up to date. */
  schema: z.ZodMiniType;
  steps: Readonly<Record<number, (old: unknown) => unknown>>;
  /**
   * Kept in session storage, which every update empties: no steps, a value of another version is
   * not read (every other store has a step from each older version: tested).
   */
  session?: true;
}

const int = () => z.int();
const draftSchema = z.object({ question: z.string(), scope: z.enum(SCOPES), tabIds: z.optional(z.array(int())) });
const runRecordSchema = z.object({
  at: z.number(),
  model: z.string(),
  sites: z.array(z.string()),
  citations: z.number(),
  broken: z.number(),
  retried: z.boolean(),
  droppedClaims: z.number(),
  repairs: z.optional(z.partialRecord(z.enum(REPAIR_CLASSES), z.number())),
  outcome: z.enum(['answer', 'abstain', 'error']),
  detail: z.optional(z.string()),
});
const problemSchema = z.object({
  kind: z.string(),
  claim: z.optional(z.number()),
  citation: z.optional(z.number()),
  index: z.optional(z.number()),
  literal: z.optional(z.string()),
  reason: z.optional(z.string()),
  message: z.string(),
});
const failureEntrySchema = z.object({
  at: z.number(),
  question: z.string(),
  sites: z.array(z.string()),
  attempts: z.array(z.array(problemSchema)),
  outcome: z.enum(['repaired', 'dropped-claims', 'abstained', 'error']),
  detail: z.optional(z.string()),
});

export const STORES = {
  history: {
    version: 2,
    schema: z.array(historyEntrySchema),
    // Same entries, another store: the move itself is the start-up's (lib/worker/wiring/data-updates.ts).
    steps: { 1: (old) => checkedEntries(old) },
  },
  keys: {
    version: 2,
    schema: byOriginSchema,
    // The one key record, with the base URL saved beside it, to the keys by origin (lib/shared/store/key-schema.ts).
    steps: { 1: (old) => keysFromV1(old as KeysV1) },
  },
  settings: {
    version: 1,
    schema: storedSettingsSchema(DEFAULT_SETTINGS, { min: MIN_FRAGMENT_BUDGET, max: MAX_FRAGMENT_BUDGET }),
    steps: {},
  },
  draft: { version: 1, schema: draftSchema, steps: {} },
  runLog: { version: 1, schema: z.array(runRecordSchema), steps: {} },
  failureLog: { version: 1, schema: z.array(failureEntrySchema), steps: {} },
  lastRun: { version: RUN_STATE_VERSION, schema: runStateSchema, steps: {}, session: true },
} as const satisfies Record<string, StoreScheme>;

export type StoreName = keyof typeof STORES;

/** The stores in `storage.local` whose versions `local:storeVersions` keeps, brought up to date at start-up. */
export const LOCAL_STORES = ['draft', 'runLog', 'failureLog'] as const;
export type LocalStore = (typeof LOCAL_STORES)[number];

export type UpToDate =
  | { kind: 'current'; value: unknown; from: number }
  | { kind: 'newer'; version: number }
  | { kind: 'failed'; version: number; error: string };

/**
 * `value`, stored at `version`, brought to `scheme`'s current version, one step at a time, then
 * checked against the current shape; nothing is written here, so it can be run again. The value
 * returned is the last step's (or the value itself), not the parse: fields the schema does not
 * know are kept.
 */
export function upToDate(scheme: StoreScheme, value: unknown, version: number): UpToDate {
  if (!Number.isInteger(version) || version < 1) return { kind: 'failed', version, error: `no version ${String(version)}` };
  if (version > scheme.version) return { kind: 'newer', version };
  let v = value;
  for (let n = version; n < scheme.version; n++) {
    const step = scheme.steps[n];
    if (!step) return { kind: 'failed', version: n, error: `no step from version ${n}` };
    try {
      v = step(v);
    } catch (e) {
      return { kind: 'failed', version: n, error: e instanceof Error ? e.message : String(e) };
    }
  }
  const parsed = z.safeParse(scheme.schema, v);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    return {
      kind: 'failed',
      version,
      error: `does not read as version ${scheme.version}: ${where}${issue?.code === 'custom' ? ` (${issue.message})` : ''}`,
    };
  }
  return { kind: 'current', value: v, from: version };
}

/** `value` of `store`, stored at `version`, brought up to date by the store's own scheme. */
export function bringUpToDate(store: StoreName, value: unknown, version: number): UpToDate {
  return upToDate(STORES[store], value, version);
}

/** Why a value could not be brought up to date, in one line (said on the options page). */
export function whyNotUpToDate(result: Exclude<UpToDate, { kind: 'current' }>): string {
  return result.kind === 'newer' ? `written by a newer version (${result.version})` : result.error;
}

/**
 * The versions of the stored shapes that have none of their own: the draft, the run log and the
 * failure log in `storage.local` (the settings have WXT's, the history its place and
 * lib/shared/history-schema.ts, the key lib/shared/api-key.ts). Each store's version is kept in
 * `local:storeVersions`; data stored before versions were kept is version 1, the shape the
 * previous release (5da60b5, tests/support/previous-release.ts) wrote, as the samples in
 * lib/shared/samples/ show. Each store has its schema of the current version, and its steps
 * (lib/shared/migrations.ts), run at every start of the worker (lib/worker/wiring/data-updates.ts).
 * No step yet: every shape since version 1 has only gained optional fields. The next change that
 * renames or retypes a field adds version 2 here, with its step 1 → 2 and a unit test on the samples.
 *
 * The run state and the thread are not here: they live in session storage, which an update or a
 * browser restart empties; a run of another version is refused as such (lib/shared/run-state.ts)
 * and the screens open the last thread from the history instead.
 */
import * as z from 'zod/mini';
import type { Migrations } from './migrations';
import { REPAIR_CLASSES } from './run';
import { SCOPES } from './run-state';

export const VERSIONED_STORES = ['draft', 'runLog', 'failureLog'] as const;
export type VersionedStore = (typeof VERSIONED_STORES)[number];

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

export interface StoreVersion {
  migrations: Migrations;
  /** The current version's shape: what the store must read as once brought up to date. */
  schema: z.ZodMiniType;
}

export const STORE_VERSIONS: Record<VersionedStore, StoreVersion> = {
  draft: { migrations: { current: 1, steps: {} }, schema: draftSchema },
  runLog: { migrations: { current: 1, steps: {} }, schema: z.array(runRecordSchema) },
  failureLog: { migrations: { current: 1, steps: {} }, schema: z.array(failureEntrySchema) },
};

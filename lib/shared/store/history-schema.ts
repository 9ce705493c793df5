/**
 * The history's stored shape (zod/mini: the screens load it); its version number and steps are
 * lib/shared/store/store-versions.ts's. Version 1: `local:history` in `storage.local` (HistoryEntry[]),
 * written by the builds before the history moved to IndexedDB (commit 7aa1205). Version 2: the same entries in the extension
 * origin's IndexedDB (lib/shared/store/history-store.ts), out of content scripts' reach. An entry reads
 * only with at least one turn and with every source's link one the extension could have read
 * (http(s), or a local file); the site shown beside a source is taken from its link, never from what the entry
 * says (an entry may come from a file edited by hand).
 */
import * as z from 'zod/mini';
import type { HistoryEntry } from './history';
import { outcomeSchema, SCOPES } from '@/lib/shared/answer/run-state';
import { siteOf } from '@/lib/shared/answer/site';

const int = () => z.int();
/** The addresses a thread's pages and sources may have: those the extension reads (lib/shared/access/tabs.ts). */
const READ_PROTOCOLS = ['http:', 'https:', 'file:'];
/** The addresses an imported file's links may have: the web's only. */
export const IMPORTED_PROTOCOLS = ['http:', 'https:'];

function protocolOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

/**
 * Every link of an entry: its sources', which a click opens. Its pages' addresses are no links
 * (the tabs in scope, a browser page among them, listed by site only when readable).
 */
export function linksOf(e: HistoryEntry): string[] {
  return e.turns.flatMap((t) =>
    t.outcome.kind === 'answer' ? t.outcome.claims.flatMap((c) => c.citations.map((x) => x.url)) : [],
  );
}

/** The first link of `e` whose address is not one of `protocols`, or null. */
export function foreignLink(e: HistoryEntry, protocols: readonly string[]): string | null {
  return linksOf(e).find((u) => !protocols.includes(protocolOf(u))) ?? null;
}

export const historyEntrySchema = z
  .object({
    id: z.string(),
    scope: z.enum(SCOPES),
    pages: z.array(z.object({ tabId: int(), url: z.string(), title: z.string() })),
    startedAt: z.number(),
    updatedAt: z.number(),
    // A thread is its answered turns: one without any is no thread (and nothing names it in the list).
    turns: z
      .array(
        z.object({ id: z.string(), question: z.string(), askedAt: z.number(), answeredAt: z.number(), outcome: outcomeSchema }),
      )
      .check(z.minLength(1)),
  })
  .check(z.refine((e) => foreignLink(e as HistoryEntry, READ_PROTOCOLS) === null, { message: 'a link that is not a web page' }));

/** `e` with each source's site taken from its link (what a click opens), never from what `e` says. */
export function withSitesFromLinks(e: HistoryEntry): HistoryEntry {
  return {
    ...e,
    turns: e.turns.map((t) =>
      t.outcome.kind !== 'answer'
        ? t
        : {
            ...t,
            outcome: {
              ...t.outcome,
              claims: t.outcome.claims.map((c) => ({
                ...c,
                citations: c.citations.map((x) => ({ ...x, site: siteOf(x.url) })),
              })),
            },
          },
    ),
  };
}

/** Every entry checked; one that does not read stops the step, so nothing of it is lost by a write. */
export function checkedEntries(raw: unknown): HistoryEntry[] {
  const parsed = z.safeParse(z.array(historyEntrySchema), raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `history entries do not read: ${issue?.path.join('.') ?? ''}${issue?.code === 'custom' ? ` (${issue.message})` : ''}`,
    );
  }
  return parsed.data.map(withSitesFromLinks);
}

/**
 * The history as its store holds it, read entry by entry: the entries that read, and those that do
 * not (written by a newer version, or damaged), which the list leaves out and says so and the
 * store keeps aside (lib/shared/store/history-store.ts), never written over. A value that is not a list
 * at all is one damaged thing, not an empty history.
 */
export function readHistoryEntries(raw: unknown): { entries: HistoryEntry[]; damaged: unknown[] } {
  if (raw === undefined || raw === null) return { entries: [], damaged: [] };
  if (!Array.isArray(raw)) return { entries: [], damaged: [raw] };
  const entries: HistoryEntry[] = [];
  const damaged: unknown[] = [];
  for (const e of raw as unknown[]) {
    // The entry as stored (what it holds beyond the schema kept), once the schema has read it.
    if (z.safeParse(historyEntrySchema, e).success) entries.push(withSitesFromLinks(e as HistoryEntry));
    else damaged.push(e);
  }
  return { entries, damaged };
}

/** `incoming` merged into `history` by thread id (the later `updatedAt` wins), newest first. */
export function mergeHistory(history: readonly HistoryEntry[], incoming: readonly HistoryEntry[]): HistoryEntry[] {
  const byId = new Map<string, HistoryEntry>();
  for (const e of [...history, ...incoming]) {
    const known = byId.get(e.id);
    if (!known || e.updatedAt > known.updatedAt) byId.set(e.id, e);
  }
  return [...byId.values()].sort((a, b) => b.updatedAt - a.updatedAt);
}

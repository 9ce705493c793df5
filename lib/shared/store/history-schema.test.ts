import { describe, expect, it } from 'vitest';
import { mergeHistory, readHistoryEntries } from './history-schema';
import { readBackup } from './backup';
import { bringUpToDate, STORES } from './store-versions';
import sample from './samples/history-v1.json';

/**
 * `sample`: `local:history` as the builds before 7aa1205 wrote it (one answered thread with its
 * citation, one "not found"), in their types (lib/shared/store/history.ts at 7aa1205^).
 */
describe('history migrations', () => {
  it('version 1 (storage.local) becomes version 2 with every thread, question and quote kept', () => {
    const m = bringUpToDate('history', sample, 1);
    expect(m).toEqual({ kind: 'current', value: sample, from: 1 });
    expect(STORES.history.version).toBe(2);
  });

  it('a damaged version 1 fails the step, saying where, instead of becoming an empty history', () => {
    const damaged = structuredClone(sample) as unknown as Array<Record<string, unknown>>;
    delete damaged[1]!.turns;
    const m = bringUpToDate('history', damaged, 1);
    expect(m).toMatchObject({ kind: 'failed', version: 1 });
    expect((m as { error: string }).error).toContain('1.turns');
  });

  it('a version newer than this build is kept as it is, never read', () => {
    expect(bringUpToDate('history', [], STORES.history.version + 1)).toEqual({ kind: 'newer', version: 3 });
  });

  it('merged by thread id: the later copy of a thread wins, nothing else is dropped', () => {
    const [a, b] = sample as unknown as Parameters<typeof mergeHistory>[0];
    const later = { ...a!, updatedAt: a!.updatedAt + 1000, turns: [...a!.turns, { ...a!.turns[0]!, id: 'run-2' }] };
    const merged = mergeHistory([later], [a!, b!]);
    expect(merged.map((e) => [e.id, e.turns.length])).toEqual([
      [a!.id, 2],
      [b!.id, 1],
    ]);
  });
});

describe('the history read back from its store', () => {
  it('keeps every entry that reads, as stored, and sets aside each one that does not, never the whole list', () => {
    const damaged = { ...sample[1], turns: 'not turns' };
    const newer = { id: 'from-a-newer-version', shape: 'unknown' };
    const read = readHistoryEntries([sample[0], damaged, newer]);
    expect(read.entries).toEqual([sample[0]]);
    expect(read.damaged).toEqual([damaged, newer]);
  });

  it('nothing stored is an empty history; a value that is not a list is one damaged thing, not an empty history', () => {
    expect(readHistoryEntries(undefined)).toEqual({ entries: [], damaged: [] });
    expect(readHistoryEntries({ entries: sample })).toEqual({ entries: [], damaged: [{ entries: sample }] });
  });
});

describe('an entry is input like any other (issue #44, item 4)', () => {
  type Entry = (typeof sample)[number];
  const withLink = (url: string): Entry => {
    const e = structuredClone(sample[0]) as Entry & { turns: { outcome: { claims: { citations: { url: string }[] }[] } }[] };
    e.turns[0]!.outcome.claims[0]!.citations[0]!.url = url;
    return e;
  };
  const file = (entries: unknown[]) =>
    JSON.stringify({ format: 'cited-tabs-backup', version: 2, exportedAt: 1, history: { version: 2, entries }, settings: {} });

  it('an entry with no turns is set aside, never listed; a file with one is refused, naming it', () => {
    const empty = { ...sample[1], turns: [] };
    expect(readHistoryEntries([sample[0], empty])).toEqual({ entries: [sample[0]], damaged: [empty] });
    const read = readBackup(file([sample[0], empty]));
    expect(read).toMatchObject({ ok: false, problem: 'damaged' });
    expect(!read.ok && read.detail).toContain('1.turns');
  });

  it('a link that is no web page (javascript:, data:, the extension’s own) is set aside, and refuses a file', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'chrome-extension://abc/options.html', 'not a url']) {
      expect(readHistoryEntries([withLink(url)]).damaged, url).toHaveLength(1);
      expect(readBackup(file([withLink(url)])).ok, url).toBe(false);
    }
    // A page in scope is no link (a browser page may be among the tabs asked about): kept as it is.
    const page = { ...sample[0], pages: [{ tabId: 1, url: 'about:blank', title: 'x' }] };
    expect(readHistoryEntries([page]).entries).toHaveLength(1);
  });

  it('a local file’s thread stays in the history; a file brings web links only', () => {
    expect(readHistoryEntries([withLink('file:///home/me/notes.html')]).entries).toHaveLength(1);
    const read = readBackup(file([withLink('file:///home/me/notes.html')]));
    expect(read).toMatchObject({ ok: false, problem: 'damaged', detail: 'history.entries.0: a link that is not a web page' });
  });

  it('the site shown beside a source is its link’s, not the one the entry claims', () => {
    const lying = withLink('https://attacker.example/page') as Entry & {
      turns: { outcome: { claims: { citations: { site: string }[] }[] } }[];
    };
    lying.turns[0]!.outcome.claims[0]!.citations[0]!.site = 'bank.example';
    const site = (e: unknown) => (e as typeof lying).turns[0]!.outcome.claims[0]!.citations[0]!.site;
    expect(site(readHistoryEntries([lying]).entries[0])).toBe('attacker.example');
    const read = readBackup(file([lying]));
    expect(read.ok && site(read.backup.history.entries[0])).toBe('attacker.example');
  });
});

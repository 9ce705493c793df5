import { describe, expect, it } from 'vitest';
import { makeBackup, previewImport, readBackup } from './backup';
import type { HistoryEntry } from './history';
import sample from './samples/history-v1.json';
import { DEFAULT_SETTINGS } from './settings';

const entries = sample as unknown as HistoryEntry[];
const { apiKey: _, ...settings } = DEFAULT_SETTINGS;
const keys = {
  'https://api.anthropic.com': { key: 'sk-ant-mine', confirmed: true },
  'https://api.openai.com': { key: 'sk-proj-mine', confirmed: true },
};

describe('the backup file', () => {
  it('read back, it holds every thread with its quotes, the settings, and the key only when ticked', () => {
    const without = readBackup(JSON.stringify(makeBackup({ entries, settings, keys: null }, 5)));
    // Read, first: a file refused would make every `ok && …` below false too.
    if (!without.ok) throw new Error(`refused: ${without.problem}`);
    expect(without.backup.history.entries).toEqual(entries);
    expect(without.backup.settings).toEqual(settings);
    expect(without.backup).not.toHaveProperty('keys');
    const withKey = readBackup(JSON.stringify(makeBackup({ entries, settings, keys }, 5)));
    expect(withKey.ok && withKey.backup.keys).toEqual(keys);
  });

  it('a file of version 1 has its one key moved to the keys by origin as the stored record is; unconfirmed stays so', () => {
    const v1 = (key: { key: string; origin: string }, baseURL: string) => ({
      ...makeBackup({ entries, settings: { ...settings, baseURL }, keys: null }, 5),
      version: 1,
      key,
    });
    const confirmed = readBackup(
      JSON.stringify(v1({ key: 'sk-ant-mine', origin: 'https://api.anthropic.com' }, 'https://api.anthropic.com')),
    );
    expect(confirmed.ok && confirmed.backup).toMatchObject({
      version: 2,
      keys: { 'https://api.anthropic.com': { key: 'sk-ant-mine', confirmed: true } },
    });
    if (!confirmed.ok) throw new Error(`refused: ${confirmed.problem}`);
    expect(confirmed.backup).not.toHaveProperty('key');
    const unconfirmed = readBackup(JSON.stringify(v1({ key: 'sk-proj-mine', origin: '' }, 'https://api.openai.com/v1')));
    expect(unconfirmed.ok && unconfirmed.backup.keys).toEqual({
      'https://api.openai.com': { key: 'sk-proj-mine', confirmed: false },
    });
    // Keys of version 2 that do not read: the file is refused whole.
    const bad = { ...makeBackup({ entries, settings, keys }, 5), keys: { 'https://api.openai.com': { key: 'k' } } };
    expect(readBackup(JSON.stringify(bad))).toMatchObject({ ok: false, problem: 'damaged' });
  });

  it('a history of an older version in the file goes through the same migrations', () => {
    const old = { ...makeBackup({ entries: [], settings, keys: null }, 5), history: { version: 1, entries: sample } };
    const read = readBackup(JSON.stringify(old));
    expect(read.ok && read.backup.history).toEqual({ version: 2, entries });
  });

  it('a file that is not ours, not JSON, damaged or from a newer version is refused whole', () => {
    const good = makeBackup({ entries, settings, keys: null }, 5);
    expect(readBackup('{"chats": []}')).toEqual({ ok: false, problem: 'foreign' });
    expect(readBackup('PK\u0003\u0004')).toEqual({ ok: false, problem: 'not-json' });
    expect(readBackup(JSON.stringify(good).slice(0, 300))).toEqual({ ok: false, problem: 'not-json' });
    const damaged = structuredClone(good) as unknown as { history: { entries: Array<Record<string, unknown>> } };
    delete damaged.history.entries[0]!.turns;
    expect(readBackup(JSON.stringify(damaged))).toMatchObject({ ok: false, problem: 'damaged' });
    expect(readBackup(JSON.stringify({ ...good, version: 3 }))).toEqual({ ok: false, problem: 'newer' });
  });

  it('the preview says which threads are new and which the file has later turns of; merged by thread id', () => {
    const here = [{ ...entries[0]!, updatedAt: entries[0]!.updatedAt - 10 }];
    const read = readBackup(JSON.stringify(makeBackup({ entries, settings, keys: null }, 5)));
    if (!read.ok) throw new Error('refused');
    const p = previewImport(here, read.backup);
    expect(p.added.map((e) => e.id)).toEqual([entries[1]!.id]);
    expect(p.updated.map((e) => e.id)).toEqual([entries[0]!.id]);
    expect(p.merged.map((e) => e.id)).toEqual(entries.map((e) => e.id));
    expect(p.leftOut).toBe(0);
  });

  it('past the history limit, the preview counts the oldest threads it would leave out', () => {
    const read = readBackup(JSON.stringify(makeBackup({ entries, settings, keys: null }, 5)));
    if (!read.ok) throw new Error('refused');
    const p = previewImport([], read.backup, 1);
    expect(p.merged.map((e) => e.id)).toEqual([entries[0]!.id]);
    expect(p.leftOut).toBe(1);
  });

  // Not timed (timings are noisy on a shared machine: tests/bench reports ratios); the times are
  // printed for a reader, and what is asserted is what a user would notice.
  it('500 threads, the history’s limit: every one back, in order, none left out, in a file of modest size', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ ...entries[i % 2]!, id: `t${i}`, updatedAt: i }));
    const t0 = performance.now();
    const text = JSON.stringify(makeBackup({ entries: many, settings, keys: null }, 5));
    const t1 = performance.now();
    const read = readBackup(text);
    if (!read.ok) throw new Error(`refused: ${read.problem} ${read.detail ?? ''}`);
    const preview = previewImport([], read.backup);
    const t2 = performance.now();
    console.info(`500 threads: export ${(t1 - t0).toFixed(1)} ms, import ${(t2 - t1).toFixed(1)} ms, ${text.length} bytes`);
    expect(preview.added).toHaveLength(500);
    expect(preview.leftOut).toBe(0);
    expect(preview.merged.map((e) => e.id)).toEqual(many.map((e) => e.id).reverse());
    expect(preview.merged[0]).toEqual(many[499]);
    // Each thread costs about its own JSON: no copy of the history twice over.
    expect(text.length).toBeLessThan(JSON.stringify(many).length * 1.05 + 2000);
  });
});

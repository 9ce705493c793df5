import { describe, expect, it } from 'vitest';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { key } from '@/lib/worker/prompt/reuse';
import type { AskSeen } from '@/lib/worker/read/page-reading';
import { chooseSeen, MAX_SHOWN_ROUNDS, planKeys, searchShown, selectionOf } from './seen-step';
import { addRule, restoreRulesAfterEach } from '@/tests/support/seen-rules';

restoreRulesAfterEach();

const passage = (tabId: number, id: string, extra: Partial<SourcedPassage> = {}): SourcedPassage => ({
  id,
  text: `Passage ${id} of tab ${tabId}.`,
  order: 0,
  tabId,
  windowId: 1,
  frameId: 0,
  url: `https://tab${tabId}.example/`,
  title: `Tab ${tabId}`,
  readId: `read-${tabId}`,
  ...extra,
});

/** Chooses the first `n` passages of the pool, as a budget would. */
const firstOf = (n: number) => (pool: SourcedPassage[]) => pool.slice(0, n);

/** A page script that hides the passages of `hidden`, recording what it was asked. */
function pages(
  hidden: Set<string>,
  overrides: Partial<Record<number, 'unknown' | 'silent'>> = {},
  cut: Record<string, string> = {},
  noHeading: Set<string> = new Set(),
) {
  const asked: string[][] = [];
  const ask: AskSeen = async (tabId, _frameId, readId, ids) => {
    asked.push(ids.map((id) => `${tabId}:${id}`));
    expect(readId).toBe(`read-${tabId}`);
    if (overrides[tabId] === 'unknown') return { hidden: ids, cut: [], noHeading: [], unknown: true };
    if (overrides[tabId] === 'silent') throw new Error('Could not establish connection. Receiving end does not exist.');
    return {
      hidden: ids.filter((id) => hidden.has(`${tabId}:${id}`)),
      cut: ids.filter((id) => cut[`${tabId}:${id}`] !== undefined).map((id) => ({ id, text: cut[`${tabId}:${id}`]! })),
      noHeading: ids.filter((id) => noHeading.has(`${tabId}:${id}`)),
    };
  };
  return { ask, asked };
}

describe('chooseSeen', () => {
  it('sends what was chosen when its pages show all of it, asking each frame once', async () => {
    const pool = [passage(1, 'a'), passage(2, 'b'), passage(1, 'c')];
    const { ask, asked } = pages(new Set());
    const out = await chooseSeen(pool, firstOf(3), planKeys, ask);
    expect(out.chosen.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(asked.sort()).toEqual([['1:a', '1:c'], ['2:b']]);
    expect(out.unsent).toEqual({ hidden: 0, unchecked: 0, cut: 0 });
  });

  it('chooses again without a passage its page hides, asking that page about all the rest at once', async () => {
    const pool = [passage(1, 'a'), passage(1, 'planted'), passage(1, 'c'), passage(1, 'd'), passage(2, 'e')];
    const { ask, asked } = pages(new Set(['1:planted']));
    const out = await chooseSeen(pool, firstOf(2), planKeys, ask);
    // The budget's second place goes to the next passage shown.
    expect(out.chosen.map((p) => p.id)).toEqual(['a', 'c']);
    expect(out.pool.map((p) => p.id)).not.toContain('planted');
    // A page caught hiding words is asked about every passage of its still unproven; other pages are not.
    expect(asked).toEqual([
      ['1:a', '1:planted'],
      ['1:c', '1:d'],
    ]);
    expect(out.unsent).toEqual({ hidden: 1, unchecked: 0, cut: 0 });
  });

  it('sends a passage without the words of it no reader sees, choosing again with its new text', async () => {
    const pool = [passage(1, 'a', { text: 'The kettle boils fast. It was recalled for fire risk.' }), passage(1, 'b')];
    const { ask, asked } = pages(new Set(), {}, { '1:a': 'The kettle boils fast.' });
    const seen: string[][] = [];
    const out = await chooseSeen(
      pool,
      (p) => {
        seen.push(p.map((x) => x.text));
        return p.slice(0, 1);
      },
      planKeys,
      ask,
    );
    expect(out.chosen.map((p) => p.text)).toEqual(['The kettle boils fast.']);
    expect(seen.at(-1)![0]).toBe('The kettle boils fast.');
    expect(asked).toEqual([['1:a']]);
    expect(out.unsent).toEqual({ hidden: 0, unchecked: 0, cut: 1 });
  });

  it('checks both halves of a passage sent with its neighbour', async () => {
    const pool = [passage(1, 'a'), passage(1, 'b')];
    const { ask, asked } = pages(new Set(['1:b']));
    const together = (p: SourcedPassage[]) => {
      const [a, b] = [p.find((x) => x.id === 'a'), p.find((x) => x.id === 'b')];
      return a && b ? [{ ...a, id: 'a+b', text: `${a.text} ${b.text}` }] : p;
    };
    const out = await chooseSeen(pool, together, planKeys, ask);
    expect(asked[0]).toEqual(['1:a', '1:b']);
    expect(out.chosen.map((p) => p.id)).toEqual(['a']);
  });

  it('sends nothing a frame cannot vouch for: another reading, or no answer', async () => {
    const pool = [passage(1, 'a'), passage(2, 'b'), passage(3, 'c')];
    const { ask } = pages(new Set(), { 2: 'unknown', 3: 'silent' });
    const out = await chooseSeen(pool, firstOf(3), planKeys, ask);
    expect(out.chosen.map((p) => p.id)).toEqual(['a']);
    expect(out.unsent).toEqual({ hidden: 0, unchecked: 2, cut: 0 });
  });

  it('takes a frame’s answer as the one table of rules of what is seen reads it (lib/shared/seen/seen.ts)', async () => {
    const pool = [passage(1, 'a'), passage(2, 'b')];
    const shipped = await chooseSeen(pool, firstOf(2), planKeys, pages(new Set()).ask);
    expect(shipped.chosen.map(key)).toEqual(pool.map(key));
    // A row that says an answer proves nothing: no frame vouches, nothing is sent.
    addRule({
      why: 'not-found',
      seen: 'unproven',
      reads: ['answered'],
      when: (m) => m.answered === true,
      says: 'A rule of this test.',
    });
    const changed = await chooseSeen(pool, firstOf(2), planKeys, pages(new Set()).ask);
    expect(changed.chosen).toEqual([]);
    expect(changed.unsent.unchecked).toBe(2);
  });

  it("does not ask about a PDF's passages or the selection the browser gave with the context menu", async () => {
    const pool = [passage(1, 'pdf', { readId: undefined }), passage(2, 'menu', { selection: true, readId: undefined })];
    const { ask, asked } = pages(new Set(['1:pdf', '2:menu']));
    const out = await chooseSeen(pool, firstOf(2), planKeys, ask);
    expect(asked).toEqual([]);
    expect(out.chosen.map((p) => p.id)).toEqual(['pdf', 'menu']);
  });

  it("checks a selection read in a page like any passage, chosen or not: a page's script can select words no reader sees", async () => {
    const pool = [passage(1, 'sel', { selection: true }), passage(1, 'a'), passage(2, 'b')];
    const { ask, asked } = pages(new Set(['1:sel']));
    const out = await chooseSeen(pool, (p) => p.filter((x) => !x.selection).slice(0, 2), planKeys, ask);
    expect(asked[0]).toEqual(['1:a', '1:sel']);
    expect(out.pool.some((p) => p.selection)).toBe(false);
    expect(out.chosen.map((p) => p.id)).toEqual(['a', 'b']);
    expect(selectionOf(out)).toEqual({});
    // One its page shows is shown as the user's, as checked.
    const shown = await chooseSeen(pool, firstOf(1), planKeys, pages(new Set()).ask);
    expect(selectionOf(shown)).toEqual({ selection: { text: pool[0]!.text, title: 'Tab 1' } });
    // Unchecked, it is not shown.
    expect(selectionOf({ pool, proven: new Set() })).toEqual({});
  });

  it('sends a passage without its heading when a reader does not see the heading', async () => {
    const pool = [
      passage(1, 'a', { heading: 'This kettle was recalled for fire risk' }),
      passage(1, 'b', { heading: 'Care' }),
      passage(1, 'c', { heading: 'Hidden', text: 'Seen words. Unseen words.' }),
    ];
    const { ask } = pages(new Set(), {}, { '1:c': 'Seen words.' }, new Set(['1:a', '1:c']));
    const out = await chooseSeen(pool, firstOf(3), planKeys, ask);
    expect(out.chosen.map((p) => [p.id, p.heading ?? null, p.text])).toEqual([
      ['a', null, pool[0]!.text],
      ['b', 'Care', pool[1]!.text],
      ['c', null, 'Seen words.'],
    ]);
    expect('heading' in out.chosen[0]!).toBe(false);
    expect(out.unsent).toEqual({ hidden: 0, unchecked: 0, cut: 2 });
  });

  it('a page stuffed with hidden passages costs one round more, and does not crowd another tab out', async () => {
    const stuffed = Array.from({ length: 20 }, (_, i) => passage(1, `h${i}`));
    const pool = [...stuffed, passage(2, 'ok1'), passage(2, 'ok2')];
    const { ask, asked } = pages(new Set(stuffed.map((p) => `1:${p.id}`)));
    const out = await chooseSeen(pool, firstOf(2), planKeys, ask);
    expect(out.chosen.map((p) => p.id)).toEqual(['ok1', 'ok2']);
    expect(asked).toEqual([['1:h0', '1:h1'], stuffed.slice(2).map((p) => `1:${p.id}`), ['2:ok1', '2:ok2']]);
    expect(out.pool.map((p) => p.id)).toEqual(['ok1', 'ok2']);
    expect(out.unsent).toEqual({ hidden: 4, unchecked: 0, cut: 0 });
  });

  it('asks a frame that cannot answer once, and sends none of its passages', async () => {
    const pool = [passage(1, 'a'), passage(2, 'b1'), passage(2, 'b2'), passage(1, 'c')];
    const { ask, asked } = pages(new Set(), { 2: 'silent' });
    const out = await chooseSeen(pool, firstOf(2), planKeys, ask);
    expect(out.chosen.map((p) => p.id)).toEqual(['a', 'c']);
    expect(asked.filter((ids) => ids.some((id) => id.startsWith('2:')))).toEqual([['2:b1']]);
    expect(out.unsent).toEqual({ hidden: 0, unchecked: 1, cut: 0 });
  });

  it('after a few rounds of pages hiding what is chosen, asks every passage left at once, and chooses among the proven', async () => {
    // Each tab's first passage is hidden and outranks the next tab's: every round finds another page.
    const tabs = Array.from({ length: MAX_SHOWN_ROUNDS + 2 }, (_, t) => t + 1);
    const pool = [passage(99, 'ok'), ...tabs.map((t) => passage(t, 'h'))];
    const { ask, asked } = pages(new Set(tabs.map((t) => `${t}:h`)));
    const out = await chooseSeen(pool, firstOf(2), planKeys, ask);
    // Round one asks two pages (the proven passage's and the first hider's), each later round one
    // more, and the last every page not asked yet.
    expect(asked.length).toBe(tabs.length + 1);
    expect(asked.flat().sort()).toEqual([...tabs.map((t) => `${t}:h`), '99:ok'].sort());
    expect(out.chosen.map(key)).toEqual([key(pool[0]!)]);
    expect(out.pool.map(key)).toEqual([key(pool[0]!)]);
    expect(out.unsent).toEqual({ hidden: MAX_SHOWN_ROUNDS + 1, unchecked: 0, cut: 0 });
  });

  it("sends an honest tab's passages beside any number of frames full of hidden words that outrank them", async () => {
    // Eight frames of one page, each full of hidden passages that outrank the honest tab's.
    const frames = Array.from({ length: 8 }, (_, f) => f + 1);
    const stuffed = frames.flatMap((f) =>
      Array.from({ length: 5 }, (_, i) => passage(1, `f${f}h${i}`, { frameId: f, readId: 'read-1' })),
    );
    const honest = [passage(2, 'ok1'), passage(2, 'ok2'), passage(2, 'ok3')];
    const { ask } = pages(new Set(stuffed.map((p) => `1:${p.id}`)));
    const out = await chooseSeen([...stuffed, ...honest], firstOf(3), planKeys, ask);
    expect(out.chosen.map((p) => p.id)).toEqual(['ok1', 'ok2', 'ok3']);
    expect(out.unsent.unchecked).toBe(0);
  });

  it('stops when the question is cancelled', async () => {
    const controller = new AbortController();
    const ask: AskSeen = () => new Promise(() => controller.abort());
    await expect(chooseSeen([passage(1, 'a')], firstOf(1), planKeys, ask, controller.signal)).rejects.toThrow();
  });
});

describe('searchShown', () => {
  const museum = [
    passage(1, 'hours', { text: 'The museum is worth a visit: it opens at 9 a.m. and closes at 6 p.m. every day.' }),
    passage(1, 'tickets', { text: 'Adult tickets cost 12 euros; children enter for free.', order: 1 }),
  ];

  it('finds the passages for a question that names something, asking their page', async () => {
    const { ask, asked } = pages(new Set());
    const out = await searchShown(museum, 'How much is a ticket for children?', ask);
    expect(out.tooGeneral).toBeUndefined();
    expect(out.chosen[0]!.passageId).toBe('tickets');
    expect(asked.length).toBeGreaterThan(0);
  });

  it('does not search a question that names nothing to search for, nor ask any page', async () => {
    const { ask, asked } = pages(new Set());
    const out = await searchShown(museum, 'Is this worth reading?', ask);
    expect(out).toMatchObject({ chosen: [], tooGeneral: true });
    expect(asked).toEqual([]);
  });
});

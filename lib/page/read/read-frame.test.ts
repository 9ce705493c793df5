// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_HEADING_CHARS, MAX_PASSAGE_CHARS, MAX_TITLE_CHARS } from '@/lib/shared/core/limits';
import { pageTextSchema } from '@/lib/shared/protocol/types';
import { plainlyWithin, readFrame } from './read-frame';
import { MAX_SELECTION_CHARS } from './selection-words';
import type { PassageVerdict } from './passage-check';

const quick = { settle: { quietMs: 10, capMs: 500 } };

afterEach(() => {
  delete (document as unknown as Record<string, unknown>).readyState;
  document.body.innerHTML = '';
});

describe('readFrame', () => {
  it('reads the page once it has settled, the user selection first, and says it read it whole', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    document.body.innerHTML = '<p id="p">The museum opens at nine.</p>';
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('p')!);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    // Rendered after the request came in, as a single-page app would.
    setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p>Tickets cost twelve euros.</p>'), 5);
    const page = await readFrame(document, quick);
    window.getSelection()!.removeAllRanges();
    expect(page.passages.map((p) => p.text)).toEqual([
      'The museum opens at nine.',
      'The museum opens at nine.\nTickets cost twelve euros.',
    ]);
    expect(page.passages[0]!.selection).toBe(true);
    expect(page.coverage).toMatchObject({ readShare: 1, childFrames: 0 });
    expect(page.coverage!.unsettled).toBeUndefined();
  });

  it('reads a page that never settles as it is, and says so', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    document.body.innerHTML = '<p>Live score: <span id="s">0</span></p>';
    let n = 0;
    const ticker = setInterval(() => (document.getElementById('s')!.textContent = String(++n)), 5);
    try {
      const page = await readFrame(document, { settle: { quietMs: 50, capMs: 150 } });
      expect(page.passages[0]!.text).toMatch(/^Live score: \d+$/);
      expect(page.coverage).toMatchObject({ unsettled: true, readShare: 1 });
    } finally {
      clearInterval(ticker);
    }
  });

  it('does not read an embedded frame too small to show anything', async () => {
    const top = {};
    const tiny = {
      URL: 'https://ads.example/pixel',
      title: 'pixel',
      defaultView: { top, innerWidth: 1, innerHeight: 1, frames: { length: 0 } },
      readyState: 'complete',
    } as unknown as Document;
    const page = await readFrame(tiny, quick);
    expect(page).toMatchObject({ passages: [], chars: 0, coverage: { hiddenFrame: true } });
  });

  it('caps the selection and says where the frame is and where its focus goes', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    document.body.innerHTML = `<p id="p">${'Selected words go on. '.repeat(2000)}</p>`;
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('p')!);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const page = await readFrame(document, quick);
    window.getSelection()!.removeAllRanges();
    const selection = page.passages.find((p) => p.selection)!;
    expect(selection.text.length).toBeLessThanOrEqual(MAX_SELECTION_CHARS);
    expect(selection.text.length).toBeGreaterThan(MAX_SELECTION_CHARS - 30);
    // Whole words only: what is cut is a prefix of the selection, ending at a word's end.
    expect('Selected words go on. '.repeat(2000).startsWith(selection.text + ' ')).toBe(true);
    expect(page.focus).toEqual({ path: [], child: null });
  });

  it('cuts a page’s title, address, headings and passages to what the worker accepts', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    document.title = 'T'.repeat(100_000);
    document.body.innerHTML = `<h2>${'H'.repeat(5000)}</h2><p>${'x'.repeat(20_000)}</p>`;
    const page = await readFrame(document, quick);
    expect(page.title.length).toBe(MAX_TITLE_CHARS);
    expect(page.title.endsWith('…')).toBe(true);
    for (const p of page.passages) {
      expect(p.text.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
      expect((p.heading ?? '').length).toBeLessThanOrEqual(MAX_HEADING_CHARS);
    }
    // What the worker's schema accepts.
    expect(pageTextSchema.safeParse(page).success).toBe(true);
    expect(pageTextSchema.safeParse({ ...page, title: 'T'.repeat(MAX_TITLE_CHARS + 1) }).success).toBe(false);
    document.title = '';
  });

  // Loaded and fetched long ago (the user read it, then asked): read at once, watched meanwhile.
  const longStill = { settle: { quietMs: 150, probeMs: 40, stillForMs: 10_000, capMs: 2_000 } };

  it('reads a page long still at once, and answers when the probe has seen no change', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    document.body.innerHTML = '<p>The museum opens at nine.</p>';
    const started = Date.now();
    const marks: { settled?: number; walked?: number } = {};
    const page = await readFrame(document, { ...longStill, marks });
    const took = Date.now() - started;
    expect(page.passages.map((p) => p.text)).toEqual(['The museum opens at nine.']);
    expect(page.coverage!.unsettled).toBeUndefined();
    // Read before the probe ended, not after it; the answer no sooner than the probe, nor the quiet period.
    expect(marks.walked! - started).toBeLessThan(35);
    expect(took).toBeGreaterThanOrEqual(35);
    expect(took).toBeLessThan(150);
  });

  it('reads a page long still again, after the whole quiet period, when it changed during the probe', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    document.body.innerHTML = '<p>Scores: none yet.</p>';
    setTimeout(() => (document.body.innerHTML = '<p>Scores: three to one.</p>'), 10);
    const started = Date.now();
    const page = await readFrame(document, longStill);
    expect(page.passages.map((p) => p.text)).toEqual(['Scores: three to one.']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('reads and checks in one walk a frame plainly small enough to be sent whole, and only such a frame', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    document.body.innerHTML = '<p>The museum opens at nine.</p><script>var padding = "' + 'x'.repeat(400) + '";</script>';
    const told: Array<PassageVerdict | undefined> = [];
    const onRead = (_page: unknown, checked?: PassageVerdict) => told.push(checked);
    await readFrame(document, { ...quick, checkUpTo: 1000, onRead });
    // Scripts count towards "plainly": 400 characters of script are more than 300 allowed.
    await readFrame(document, { ...quick, checkUpTo: 300, onRead });
    await readFrame(document, { ...quick, onRead });
    expect(told).toEqual([{ hidden: [], cut: [], noHeading: [] }, undefined, undefined]);
  });
});

describe('plainlyWithin', () => {
  it('counts every text node, scripts and hidden ones too, and stops once past the bound', () => {
    document.body.innerHTML = '<p>12345</p><p hidden>67890</p><script>abcde</script>';
    expect(plainlyWithin(document, 15)).toBe(true);
    expect(plainlyWithin(document, 14)).toBe(false);
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { extractPage } from './extract';
import { cutText, DEFAULT_MAX_CHARS, DEFAULT_MIN_CHARS, defaultBounds, layoutPassages } from '@/lib/shared/text/passage-layout';
import { collectText } from './dom-text';

function parse(html: string, url = 'https://example.com/page'): Document {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // DOMParser documents have no URL of their own in every implementation.
  Object.defineProperty(doc, 'URL', { value: url, configurable: true });
  return doc;
}

/** `n` distinct sentences of about 60 characters each. */
function sentences(n: number, prefix = 'Sentence'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix} number ${i + 1} says something about the topic at hand.`);
}

describe('extractPage', () => {
  it('cuts a long block into passages of whole sentences within the size limits', () => {
    const all = sentences(50);
    const doc = parse(`<title>Doc</title><p>${all.join(' ')}</p>`);
    const { passages } = extractPage(doc);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHARS);
      expect(p.text.length).toBeGreaterThanOrEqual(DEFAULT_MIN_CHARS);
      // Starts at a sentence start and ends at a sentence end.
      expect(p.text).toMatch(/^Sentence number \d+ /);
      expect(p.text.endsWith('at hand.')).toBe(true);
    }
    // Nothing lost, nothing duplicated, order kept.
    expect(passages.map((p) => p.text).join(' ')).toBe(all.join(' '));
    expect(passages.map((p) => p.order)).toEqual(passages.map((_, i) => i));
  });

  it('honours minChars and maxChars', () => {
    const all = sentences(20);
    const doc = parse(`<p>${all.join(' ')}</p>`);
    const { passages } = extractPage(doc, { minChars: 50, maxChars: 150 });
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(150);
    expect(passages.length).toBeGreaterThanOrEqual(8);
  });

  it('cuts a single over-long sentence between words', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`);
    const doc = parse(`<p>${words.join(' ')}</p>`);
    const { passages } = extractPage(doc, { maxChars: 300 });
    expect(passages.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(300);
      seen.push(...p.text.split(' '));
    }
    expect(seen).toEqual(words); // no word cut in two
  });

  it('keeps a passage inside its block and its section, merging only short neighbours', () => {
    const long = sentences(7, 'Long').join(' '); // about 370 characters: not merged
    const doc = parse(
      '<h1>Groceries</h1><ul><li>Apples</li><li>Pears</li><li>Plums</li></ul>' +
        '<h2>Other</h2><ul><li>Soap</li><li>Rice</li></ul>' +
        `<p>${long}</p><p>Short one.</p><p>Short two.</p><h2>Last</h2><p>Short three.</p>`,
    );
    const { passages } = extractPage(doc);
    // A heading opens the first passage of its section; the passages carry the heading above.
    expect(passages.map((p) => [p.text, p.heading])).toEqual([
      ['Groceries\nApples\nPears\nPlums', undefined],
      ['Other\nSoap\nRice', 'Groceries'],
      [long, 'Other'],
      ['Short one.\nShort two.', 'Other'],
      ['Last\nShort three.', 'Other'],
    ]);
  });

  it('does not glue cells or lines, and collapses whitespace but keeps the characters', () => {
    const doc = parse(
      '<p>He said  \u201cit\u2019s done\u201d \u2014 <b>Really</b>\n   DONE.<br>Next\u00a0line</p>' +
        '<table><tr><td>Name</td><td>Age</td></tr><tr><td>Alice</td><td>30</td></tr></table>',
    );
    const texts = extractPage(doc).passages.map((p) => p.text);
    // Both blocks are short, so they share a passage, one block per line.
    expect(texts).toEqual(['He said \u201cit\u2019s done\u201d \u2014 Really DONE. Next line\nName Age\nAlice 30']);
  });

  it('skips hidden text and reads closed details', () => {
    const doc = parse(
      '<p>Shown text.</p><p hidden>Hidden text.</p><div style="display:none">Gone.</div>' +
        '<details><summary>Spoiler</summary><p>Inside details.</p></details><script>alert(1)</script>',
    );
    const all = extractPage(doc)
      .passages.map((p) => p.text)
      .join('\n');
    expect(all).toContain('Shown text.');
    expect(all).toContain('Inside details.');
    expect(all).not.toContain('Hidden text.');
    expect(all).not.toContain('Gone.');
    expect(all).not.toContain('alert');
  });

  it('gives the same ids to the same content and different ids to different text', () => {
    const repeated = sentences(6, 'Repeated').join(' '); // long enough not to be merged
    const html =
      `<h1>T</h1><p>${sentences(18).join(' ')}</p><p>${repeated}</p><p>${repeated}</p>` +
      `<p>${sentences(6, 'Closing').join(' ')}</p>`;
    const a = extractPage(parse(html)).passages;
    const b = extractPage(parse(html)).passages;
    expect(a.length).toBe(5);
    expect(a.map((p) => p.id)).toEqual(b.map((p) => p.id));
    expect(a[2]!.text).toBe(a[3]!.text);
    expect(new Set(a.map((p) => p.id)).size).toBe(a.length); // duplicates get distinct ids
    for (const p of a) expect(p.id).toMatch(/^[0-9a-z_-]{1,12}$/);

    const changed = extractPage(parse(html.replace('Closing number 2 ', 'Closing number two '))).passages;
    expect(changed[4]!.id).not.toBe(a[4]!.id);
    // Passages whose text did not change keep their ids.
    expect(changed.slice(0, 4).map((p) => p.id)).toEqual(a.slice(0, 4).map((p) => p.id));
  });

  it('ids do not depend on whitespace or other typographic drift', () => {
    const a = extractPage(parse('<p>Same   words\nhere.</p>')).passages[0]!;
    const b = extractPage(parse('<div>Same words here.</div>')).passages[0]!;
    expect(a.id).toBe(b.id);
  });

  it('puts the words read inside the selection first, with order -1', () => {
    // The test's own document: happy-dom's ranges do not reach into a parsed one.
    const doc = document;
    doc.body.innerHTML = '<p id="one">Page text one.</p><p id="two">Page text two.</p><p hidden>Picked unread.</p>';
    const range = doc.createRange();
    range.setStart(doc.getElementById('one')!.firstChild!, 5);
    range.setEnd(doc.getElementById('two')!.firstChild!, 9);
    const { passages } = extractPage(doc, { selection: [range] });
    expect(passages[0]).toMatchObject({ text: 'text one.\nPage text', selection: true, order: -1 });
    expect(passages.slice(1).map((p) => [p.text, p.order])).toEqual([['Page text one.\nPage text two.', 0]]);
    expect(passages.slice(1).every((p) => !p.selection)).toBe(true);
    const collapsed = doc.createRange();
    expect(extractPage(doc, { selection: [collapsed] }).passages[0]!.selection).toBeUndefined();
    // Words the reading does not read are not selected words either.
    const unread = doc.createRange();
    unread.selectNodeContents(doc.querySelector('[hidden]')!);
    expect(extractPage(doc, { selection: [unread] }).passages[0]!.selection).toBeUndefined();
  });

  it('fills title, url and chars', () => {
    const doc = parse('<title> My  page </title><p>abc</p><p>de  f</p>', 'https://example.org/x?y=1');
    const page = extractPage(doc);
    expect(page.title).toBe('My page');
    expect(page.url).toBe('https://example.org/x?y=1');
    expect(page.chars).toBe('abc\nde f'.length);
    expect(page.coverage).toEqual({ readShare: 1 });
  });

  it('keeps headings quotable: with what is under them, or together when nothing is', () => {
    const doc = parse('<h1>Site</h1><h2>Story A</h2><p>Text of A.</p><h2>Headline B</h2><h2>Headline C</h2>');
    expect(extractPage(doc).passages.map((p) => [p.text, p.heading ?? null])).toEqual([
      ['Site\nStory A\nText of A.', null],
      ['Headline B\nHeadline C', 'Story A'],
    ]);
  });

  it('gives every passage after a heading that heading as its context', () => {
    const body = sentences(40, 'Body').join(' '); // cut into several passages
    const doc = parse(`<h1>Guide</h1><h2>Opening hours</h2><p>${body}</p><h2>Tickets</h2><p>Adults pay 12 euros.</p>`);
    const { passages } = extractPage(doc);
    expect(passages[0]!.text.startsWith('Guide\nOpening hours\nBody number 1 ')).toBe(true);
    const underHours = passages.filter((p) => p.text.includes('Body number'));
    expect(underHours.length).toBeGreaterThan(2);
    expect(underHours.slice(1).every((p) => p.heading === 'Opening hours')).toBe(true);
    expect(passages.at(-1)).toMatchObject({ text: 'Tickets\nAdults pay 12 euros.', heading: 'Opening hours' });
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHARS);
  });
});

describe('cutText', () => {
  it('returns one piece for short text and balanced pieces for a bit more than maxChars', () => {
    expect(cutText('One. Two.', 5, 100)).toEqual([[0, 9]]);
    const text = sentences(11).join(' '); // about 650 characters
    const pieces = cutText(text, 200, 600);
    expect(pieces.length).toBe(2);
    const [first, second] = pieces.map(([a, b]) => b - a);
    expect(Math.abs(first! - second!)).toBeLessThan(120);
  });
});

describe('headings in passages', () => {
  it('never leaves a heading alone above a paragraph that fills a passage', () => {
    // Under the maximum, but not with the heading.
    const closing = ' Closing time is six in the evening, sharp.';
    let n = 1;
    while (sentences(n + 1, 'Fact').join(' ').length + closing.length <= DEFAULT_MAX_CHARS) n++;
    let body = `${sentences(n, 'Fact').join(' ')}${closing}`;
    while (body.length + ' Really.'.length <= DEFAULT_MAX_CHARS) body += ' Really.';
    expect(body.length).toBeGreaterThan(DEFAULT_MAX_CHARS - 'Opening hours of the museum\n'.length);
    expect(body.length).toBeLessThanOrEqual(DEFAULT_MAX_CHARS);
    const { passages } = extractPage(parse(`<h2>Opening hours of the museum</h2><p>${body}</p>`));
    expect(passages[0]!.text.startsWith('Opening hours of the museum\nFact number 1 ')).toBe(true);
    expect(passages.map((p) => p.text).join(' ')).toBe(`Opening hours of the museum\n${body}`);
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHARS);
  });

  it('cuts a heading that is a whole paragraph like any other text', () => {
    const long = sentences(30, 'Heading').join(' ');
    const { passages } = extractPage(parse(`<h2>${long}</h2><p>Short body.</p>`));
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHARS);
    expect(
      passages
        .map((p) => p.text)
        .join(' ')
        .replace(/\n/g, ' '),
    ).toBe(`${long} Short body.`);
  });
});

describe('budgets for huge pages', () => {
  const page = (n: number) =>
    parse(`<h1>Log</h1>${Array.from({ length: n }, (_, i) => `<p>${sentences(4, `Entry ${i}`).join(' ')}</p>`).join('')}`);

  it('stops at the size budget, keeps whole passages of what it read and says how much that was', () => {
    const doc = page(200); // about 50,000 characters
    const whole = extractPage(doc);
    expect(whole.coverage).toEqual({ readShare: 1 });
    const part = extractPage(doc, { maxTextChars: 10_000 });
    expect(part.coverage?.truncatedBy).toBe('size');
    expect(part.coverage!.readShare).toBeGreaterThan(0.1);
    expect(part.coverage!.readShare).toBeLessThan(0.3);
    expect(part.chars).toBeLessThan(11_000);
    // What was read is the beginning of the page, passage for passage.
    expect(part.passages.slice(0, -1).map((p) => p.text)).toEqual(
      whole.passages.slice(0, part.passages.length - 1).map((p) => p.text),
    );
  });

  it('cuts a single huge text node at the budget', () => {
    const doc = parse(`<pre>${'line of a very long log file\n'.repeat(2000)}</pre>`);
    const part = extractPage(doc, { maxTextChars: 5_000 });
    expect(part.coverage?.truncatedBy).toBe('size');
    expect(part.chars).toBeLessThanOrEqual(5_000);
    expect(part.coverage!.readShare).toBeCloseTo(5_000 / 58_000, 1);
  });

  it('stops when its time is up, whatever the size', () => {
    let clock = 0;
    // Every look at the clock (one every few hundred nodes) finds 40 ms more gone.
    const part = extractPage(page(400), { timeBudgetMs: 100, now: () => (clock += 40) });
    expect(part.coverage?.truncatedBy).toBe('time');
    expect(part.coverage!.readShare).toBeLessThan(1);
    expect(part.passages.length).toBeGreaterThan(0);
  });
});

describe('layoutPassages', () => {
  it('maps every passage to the span of the page text it came from', () => {
    const doc = parse(`<h2>Title  here</h2><p>  ${sentences(14).join('\n   ')}  </p><ul><li> one </li><li>two</li></ul>`);
    const collected = collectText(doc);
    for (const p of layoutPassages(collected)) {
      const span = collected.text.slice(p.start, p.end);
      expect(span.replace(/\s+/g, ' ')).toBe(p.text.replace(/\s+/g, ' '));
    }
  });
});

describe('defaultBounds', () => {
  it('halves the passage size where Chinese, Japanese or Korean is most of the text', () => {
    const latin = defaultBounds('The museum opens at nine and closes at six, every day but Monday.');
    expect(latin).toEqual({ minChars: DEFAULT_MIN_CHARS, maxChars: DEFAULT_MAX_CHARS });
    const chinese = defaultBounds('博物馆每天上午九点开门，下午六点关门，周一除外。Louvre 2024');
    expect(chinese).toEqual({ minChars: DEFAULT_MIN_CHARS / 2, maxChars: DEFAULT_MAX_CHARS / 2 });
    // A few Han characters in an English page change nothing.
    expect(defaultBounds('Beijing (北京) is the capital of China, with a population of over twenty million.')).toEqual(latin);
  });

  it('cuts a Chinese page into passages of as many sentences as an English one, not characters', () => {
    const zh = Array.from({ length: 40 }, (_, i) => `这是关于博物馆的第${i + 1}句话，它说明了开放时间。`).join('');
    const { passages } = extractPage(parse(`<p>${zh}</p>`));
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(p.text.length).toBeLessThanOrEqual(DEFAULT_MAX_CHARS / 2);
  });
});

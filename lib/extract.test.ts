// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cutText, extractPage } from './extract';

function parse(html: string, url = 'https://example.com/page'): Document {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // DOMParser documents have no URL of their own in every implementation.
  Object.defineProperty(doc, 'URL', { value: url, configurable: true });
  return doc;
}

/** `n` distinct sentences of about 60 characters each. */
function sentences(n: number, prefix = 'Sentence'): string[] {
  return Array.from(
    { length: n },
    (_, i) => `${prefix} number ${i + 1} says something about the topic at hand.`,
  );
}

describe('extractPage', () => {
  it('cuts a long block into passages of whole sentences within the size limits', () => {
    const all = sentences(30);
    const doc = parse(`<title>Doc</title><p>${all.join(' ')}</p>`);
    const { passages } = extractPage(doc);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) {
      expect(p.text.length).toBeLessThanOrEqual(600);
      expect(p.text.length).toBeGreaterThanOrEqual(200);
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
    const long = sentences(5, 'Long').join(' '); // about 300 characters: not merged
    const doc = parse(
      '<h1>Groceries</h1><ul><li>Apples</li><li>Pears</li><li>Plums</li></ul>' +
        '<h2>Other</h2><ul><li>Soap</li><li>Rice</li></ul>' +
        `<p>${long}</p><p>Short one.</p><p>Short two.</p><h2>Last</h2><p>Short three.</p>`,
    );
    const { passages } = extractPage(doc);
    expect(passages.map((p) => [p.text, p.heading])).toEqual([
      ['Apples\nPears\nPlums', 'Groceries'],
      ['Soap\nRice', 'Other'],
      [long, 'Other'],
      ['Short one.\nShort two.', 'Other'],
      ['Short three.', 'Last'],
    ]);
  });

  it('does not glue cells or lines, and collapses whitespace but keeps the characters', () => {
    const doc = parse(
      '<p>He said  \u201cit\u2019s done\u201d \u2014 <b>Really</b>\n   DONE.<br>Next\u00a0line</p>' +
        '<table><tr><td>Name</td><td>Age</td></tr><tr><td>Alice</td><td>30</td></tr></table>',
    );
    const texts = extractPage(doc).passages.map((p) => p.text);
    // Both blocks are short, so they share a passage, one block per line.
    expect(texts).toEqual([
      'He said \u201cit\u2019s done\u201d \u2014 Really DONE. Next line\nName Age\nAlice 30',
    ]);
  });

  it('skips hidden text and reads closed details', () => {
    const doc = parse(
      '<p>Shown text.</p><p hidden>Hidden text.</p><div style="display:none">Gone.</div>' +
        '<details><summary>Spoiler</summary><p>Inside details.</p></details><script>alert(1)</script>',
    );
    const all = extractPage(doc).passages.map((p) => p.text).join('\n');
    expect(all).toContain('Shown text.');
    expect(all).toContain('Inside details.');
    expect(all).not.toContain('Hidden text.');
    expect(all).not.toContain('Gone.');
    expect(all).not.toContain('alert');
  });

  it('gives the same ids to the same content and different ids to different text', () => {
    const repeated = sentences(4, 'Repeated').join(' '); // long enough not to be merged
    const html =
      `<h1>T</h1><p>${sentences(12).join(' ')}</p><p>${repeated}</p><p>${repeated}</p>` +
      `<p>${sentences(4, 'Closing').join(' ')}</p>`;
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

  it('puts the selection first, with order -1', () => {
    const doc = parse('<p>Page text one.</p><p>Page text two.</p>');
    const { passages } = extractPage(doc, { selection: '  picked\n  words ' });
    expect(passages[0]).toMatchObject({ text: 'picked words', selection: true, order: -1 });
    expect(passages.slice(1).map((p) => [p.text, p.order])).toEqual([
      ['Page text one.\nPage text two.', 0],
    ]);
    expect(passages.slice(1).every((p) => !p.selection)).toBe(true);
    expect(extractPage(doc, { selection: '   ' }).passages[0]!.selection).toBeUndefined();
  });

  it('fills title, url and chars', () => {
    const doc = parse('<title> My  page </title><p>abc</p><p>de  f</p>', 'https://example.org/x?y=1');
    const page = extractPage(doc);
    expect(page.title).toBe('My page');
    expect(page.url).toBe('https://example.org/x?y=1');
    expect(page.chars).toBe('abc'.length + 'de f'.length);
  });

  it('uses headings as context and keeps headings that have nothing under them', () => {
    const doc = parse(
      '<h1>Site</h1><h2>Story A</h2><p>Text of A.</p><h2>Headline B</h2><h2>Headline C</h2>',
    );
    expect(extractPage(doc).passages.map((p) => [p.text, p.heading ?? null])).toEqual([
      ['Text of A.', 'Story A'],
      ['Headline B\nHeadline C', 'Story A'],
    ]);
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

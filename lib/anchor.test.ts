// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { findQuote, locateQuote } from './anchor';
import { extractPage } from './extract';
import { normalize } from './normalize';
import type { QuoteTarget } from './types';

function target(literal: string, passageText = '', passageOrder = 0): QuoteTarget {
  return { literal, passageText, passageOrder };
}

/** The passage of the live page, as extraction cuts it, that contains `needle`. */
function passageWith(needle: string, k = 0): { text: string; order: number } {
  const hits = extractPage(document).passages.filter((p) => p.text.includes(needle));
  const p = hits[k];
  if (!p) throw new Error(`no passage with ${needle}`);
  return { text: p.text, order: p.order };
}

/** Which paragraph (by id) holds the range's start. */
function startParagraph(range: Range): string | undefined {
  return range.startContainer.parentElement?.closest('p')?.id;
}

const filler = (tag: string) =>
  `This paragraph about ${tag} has enough words to stand as a passage of its own in the ` +
  `extraction, which merges only short neighbours together. It goes on a little more so that ` +
  `it is clearly longer than two hundred characters in total.`;

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('findQuote', () => {
  it('spans <b> and <a> boundaries and covers exactly the quoted characters', () => {
    document.body.innerHTML =
      '<p>The <b>quick brown</b> fox <a href="#">jumps over</a> the lazy dog.</p>';
    const range = findQuote(document, target('quick brown fox jumps'))!;
    expect(range).not.toBeNull();
    expect(range.toString()).toBe('quick brown fox jumps');
    expect(range.startContainer.parentElement!.localName).toBe('b');
    expect(range.startOffset).toBe(0);
    expect(range.endContainer.parentElement!.localName).toBe('a');
    expect(range.endOffset).toBe('jumps'.length);
  });

  it('forgives quote marks, dashes, NBSP, whitespace and case, and covers the page characters', () => {
    document.body.innerHTML =
      '<p>Before. He said \u201cit\u2019s done\u201d \u2014 the\u00a0tower is 10\u00a0km\n   away. After.</p>';
    const range = findQuote(document, target('he said "IT\'S done" - the tower is 10 km away'))!;
    expect(range.toString()).toBe(
      'He said \u201cit\u2019s done\u201d \u2014 the\u00a0tower is 10\u00a0km\n   away',
    );
  });

  it('matches composed and decomposed accents both ways', () => {
    document.body.innerHTML = '<p id="d">Un caf\u0065\u0301 cr\u0065\u0300me, merci.</p>';
    const r1 = findQuote(document, target('caf\u00e9 cr\u00e8me'))!;
    expect(r1.toString()).toBe('caf\u0065\u0301 cr\u0065\u0300me'); // the combining marks included
    document.body.innerHTML = '<p>Un caf\u00e9 cr\u00e8me, merci.</p>';
    const r2 = findQuote(document, target('CAF\u0045\u0301 CR\u0045\u0300ME'))!;
    expect(r2.toString()).toBe('caf\u00e9 cr\u00e8me');
  });

  it('returns null when the words are not on the page (no fuzzy match)', () => {
    document.body.innerHTML = '<p>The quick brown fox jumps over the lazy dog.</p>';
    expect(findQuote(document, target('quick brown cat jumps'))).toBeNull();
    expect(findQuote(document, target('quick  brownfox'))).toBeNull();
    expect(findQuote(document, target('   '))).toBeNull();
  });

  it('ignores hidden text and does not match across it', () => {
    document.body.innerHTML =
      '<p>alpha <span hidden>secret</span>beta</p><p style="display:none">gamma delta</p>';
    expect(findQuote(document, target('gamma delta'))).toBeNull();
    expect(findQuote(document, target('alpha secret'))).toBeNull();
    expect(findQuote(document, target('alpha beta'))).not.toBeNull();
  });

  it('picks the occurrence inside the cited passage when the quote occurs twice', () => {
    document.body.innerHTML =
      `<p id="p1">${filler('apples')} The price was twelve euros.</p>` +
      `<p id="p2">${filler('pears')} The price was twelve euros.</p>` +
      `<p id="p3">${filler('plums')} The price was twelve euros.</p>`;
    const second = passageWith('pears');
    const range = findQuote(document, target('the price was twelve euros', second.text, second.order))!;
    expect(startParagraph(range)).toBe('p2');
    expect(range.toString()).toBe('The price was twelve euros');

    // A stale order still finds the passage by its text.
    const third = passageWith('plums');
    const r3 = findQuote(document, target('the price was twelve euros', third.text, 0))!;
    expect(startParagraph(r3)).toBe('p3');
  });

  it('uses the passage order to choose between identical passages', () => {
    const same = `${filler('twins')} The shared quote lives here.`;
    document.body.innerHTML = `<p id="a">${same}</p><p id="b">${same}</p><p id="c">${same}</p>`;
    const passages = extractPage(document).passages;
    expect(passages.map((p) => p.order)).toEqual([0, 1, 2]);
    const picks = passages.map((p) =>
      startParagraph(findQuote(document, target('the shared quote lives here', p.text, p.order))!),
    );
    expect(picks).toEqual(['a', 'b', 'c']);
  });

  it('falls back to the nearest occurrence when the cited passage changed', () => {
    document.body.innerHTML =
      `<p id="p1">${filler('zebras')} Key fact.</p><p id="p2">${filler('walruses')} Key fact.</p>`;
    const stale = passageWith('walruses');
    document.getElementById('p2')!.append(' An edit since extraction.');
    const range = findQuote(document, target('key fact', stale.text, stale.order))!;
    expect(startParagraph(range)).toBe('p2');
    // The passage text is gone altogether: its place in reading order still decides.
    document.getElementById('p2')!.firstChild!.textContent = `${filler('otters')} Key fact.`;
    const moved = findQuote(document, target('key fact', stale.text, stale.order))!;
    expect(startParagraph(moved)).toBe('p2');
    const first = passageWith('zebras');
    expect(startParagraph(findQuote(document, target('key fact', first.text, first.order))!)).toBe('p1');
  });

  it('maps a quote across blocks to a range from one paragraph to the next', () => {
    document.body.innerHTML = '<p id="x">End of the first.</p>\n<p id="y">Start of the second.</p>';
    const located = locateQuote(document, target('the first. Start of'))!;
    expect(located.text).toBe('the first. Start of');
    expect(startParagraph(located.range)).toBe('x');
    expect(located.range.endContainer.parentElement!.id).toBe('y');
    expect(normalize(located.range.toString().replace('.\n', '. '))).toBe('the first. start of');
  });

  it('finds the quote across list items merged into one passage', () => {
    document.body.innerHTML = '<ul><li>Milk</li><li>Eggs</li><li>Bread</li></ul>';
    const p = passageWith('Eggs');
    expect(p.text).toBe('Milk\nEggs\nBread');
    const range = findQuote(document, target('Eggs Bread', p.text, p.order))!;
    expect(range.startContainer.textContent).toBe('Eggs');
    expect(range.endContainer.textContent).toBe('Bread');
    expect(range.endOffset).toBe(5);
  });

  it('finds quotes in open shadow roots and in closed details', () => {
    document.body.innerHTML =
      '<x-widget></x-widget><details><summary>More</summary><p>folded away text</p></details>';
    const shadow = document.querySelector('x-widget')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>inside the <em>shadow</em> tree</p>';
    const r1 = findQuote(document, target('inside the shadow tree'))!;
    expect(r1.toString()).toBe('inside the shadow tree');
    expect(r1.startContainer.getRootNode()).toBe(shadow);
    expect(findQuote(document, target('folded away'))!.toString()).toBe('folded away');
  });

  it('finds a quote from the selection passage (order -1)', () => {
    document.body.innerHTML = `<p id="p1">${filler('a')} Same words.</p><p id="p2">Picked: Same words.</p>`;
    const r = findQuote(document, target('same words', 'Picked: Same words.', -1))!;
    expect(startParagraph(r)).toBe('p2');
  });
});

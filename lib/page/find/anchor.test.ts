// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { locateQuote, locateQuotes, type LocatedQuote } from './anchor';
import { extractPage } from '@/lib/page/read/extract';
import { normalize } from '@/lib/shared/text/normalize';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';

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

/** Cites `literal` from the passage holding `needle`, as the popup would send it. */
function cite(literal: string, needle = literal, k = 0): QuoteTarget {
  const p = passageWith(needle, k);
  return target(literal, p.text, p.order);
}

function locate(t: QuoteTarget): LocatedQuote {
  const q = locateQuote(document, t);
  if (!q) throw new Error(`not found: ${t.literal}`);
  return q;
}

/** What the ranges highlight, joined. */
function shown(q: LocatedQuote): string {
  return q.ranges.map((r) => r.toString()).join('|');
}

/** Which paragraph (by id) holds the quote's start. */
function startParagraph(q: LocatedQuote): string | undefined {
  return q.ranges[0]!.startContainer.parentElement?.closest('p')?.id;
}

const filler = (tag: string) =>
  `This paragraph about ${tag} has enough words to stand as a passage of its own in the ` +
  `extraction, which merges only short neighbours together. It goes on a little more so that ` +
  `it is clearly longer than the shortest passage, which is three hundred characters, once ` +
  `this last sentence, about ${tag} again, is added.`;

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('locateQuote: the quoted words, exactly', () => {
  it('an "A … B" quote: each span covered exactly, the words between left out', () => {
    document.body.innerHTML =
      '<p>The canal opened in 1801. It has <b>twenty-two locks</b> in all. The towpath is a footpath today.</p>';
    const p = passageWith('canal');
    const q = locate({
      ...target('The canal opened in 1801 … is a footpath today', p.text, p.order),
      parts: ['The canal opened in 1801', 'is a footpath today'],
    });
    expect(q.ranges.map((r) => r.toString())).toEqual(['The canal opened in 1801', 'is a footpath today']);
    expect(q.text).toBe('The canal opened in 1801 \u2026 is a footpath today');
  });

  it('an "A … B" quote of which one span is gone from the page is not found at all', () => {
    document.body.innerHTML = '<p>The canal opened in 1801. The towpath is a cycle route today.</p>';
    expect(locateQuote(document, { ...target('x'), parts: ['The canal opened in 1801', 'is a footpath today'] })).toBeNull();
  });

  it('spans a bold word and a link and covers exactly the quoted characters', () => {
    document.body.innerHTML = '<p>The <b>quick brown</b> fox <a href="#">jumps over</a> the lazy dog.</p>';
    const q = locate(cite('quick brown fox jumps', 'quick'));
    expect(q.ranges).toHaveLength(1);
    const range = q.ranges[0]!;
    expect(range.toString()).toBe('quick brown fox jumps');
    expect(range.startContainer.parentElement!.localName).toBe('b');
    expect(range.startOffset).toBe(0);
    expect(range.endContainer.parentElement!.localName).toBe('a');
    expect(range.endOffset).toBe('jumps'.length);
    expect(q.text).toBe('quick brown fox jumps');
  });

  it('forgives quote marks, dashes, NBSP, whitespace and case, and covers the page characters', () => {
    document.body.innerHTML =
      '<p>Before. He said \u201cit\u2019s done\u201d \u2014 the\u00a0tower is 10\u00a0km\n   away. After.</p>';
    const q = locate(target('he said "IT\'S done" - the tower is 10 km away'));
    expect(shown(q)).toBe('He said \u201cit\u2019s done\u201d \u2014 the\u00a0tower is 10\u00a0km\n   away');
  });

  it('forgives soft hyphens and zero-width characters in the page or in the quote', () => {
    document.body.innerHTML = '<p>A ther\u00admo\u200bmeter reads the air.</p>';
    expect(shown(locate(target('thermometer reads')))).toBe('ther\u00admo\u200bmeter reads');
    document.body.innerHTML = '<p>A thermometer reads the air.</p>';
    expect(shown(locate(target('ther\u00admo\u200bmeter reads')))).toBe('thermometer reads');
  });

  it('matches composed and decomposed accents both ways', () => {
    document.body.innerHTML = '<p id="d">Un caf\u0065\u0301 cr\u0065\u0300me, merci.</p>';
    expect(shown(locate(target('caf\u00e9 cr\u00e8me')))).toBe('caf\u0065\u0301 cr\u0065\u0300me');
    document.body.innerHTML = '<p>Un caf\u00e9 cr\u00e8me, merci.</p>';
    expect(shown(locate(target('CAF\u0045\u0301 CR\u0045\u0300ME')))).toBe('caf\u00e9 cr\u00e8me');
  });

  it('does not take a base letter for its accented form', () => {
    document.body.innerHTML = '<p>Un cafe creme, merci.</p>';
    expect(locateQuote(document, target('caf\u00e9 cr\u00e8me'))).toBeNull();
  });

  it('finds CJK text without spaces, across inline elements', () => {
    document.body.innerHTML = '<p>北京是<b>中华人民共和国</b>的首都，也是全国的政治中心。</p>';
    const q = locate(cite('中华人民共和国的首都', '北京'));
    expect(shown(q)).toBe('中华人民共和国的首都');
    expect(q.ranges[0]!.startContainer.parentElement!.localName).toBe('b');
  });

  it('finds right-to-left text, with marks and mixed direction', () => {
    document.body.innerHTML = '<p dir="rtl">مرحبا بالعالم، هذه <a href="#">جملة عربية</a> للاختبار. שלום עולם</p>';
    expect(shown(locate(target('هذه جملة عربية للاختبار')))).toBe('هذه جملة عربية للاختبار');
    expect(shown(locate(target('للاختبار. שלום')))).toBe('للاختبار. שלום');
  });

  it('finds quotes with emoji, whole surrogate pairs included', () => {
    document.body.innerHTML = '<p>We love 🍕 and 👩‍👩‍👧 parties 🎉!</p>';
    expect(shown(locate(target('love 🍕 and 👩‍👩‍👧 parties 🎉')))).toBe('love 🍕 and 👩‍👩‍👧 parties 🎉');
  });

  it('returns null when the words are not on the page (no fuzzy match)', () => {
    document.body.innerHTML = '<p>The quick brown fox jumps over the lazy dog.</p>';
    expect(locateQuote(document, target('quick brown cat jumps'))).toBeNull();
    expect(locateQuote(document, target('quick  brownfox'))).toBeNull();
    expect(locateQuote(document, target('   '))).toBeNull();
  });

  it('ignores hidden text and does not match across it', () => {
    document.body.innerHTML = '<p>alpha <span hidden>secret</span>beta</p><p style="display:none">gamma delta</p>';
    expect(locateQuote(document, target('gamma delta'))).toBeNull();
    expect(locateQuote(document, target('alpha secret'))).toBeNull();
    expect(locateQuote(document, target('alpha beta'))).not.toBeNull();
  });

  it('crosses <br>, table cells and blocks, from the first word to the last', () => {
    document.body.innerHTML =
      '<p id="x">Roses are red,<br>violets are blue.</p>' +
      '<table><tr><td>Price</td><td>12 euros</td></tr></table>' +
      '<p id="y">End of the first.</p><p id="z">Start of the second.</p>';
    expect(normalize(shown(locate(target('red, violets are'))))).toBe('red,violets are');
    const cells = locate(target('Price 12 euros'));
    expect(cells.ranges[0]!.startContainer.textContent).toBe('Price');
    expect(cells.ranges[0]!.endContainer.textContent).toBe('12 euros');
    const blocks = locate(target('the first. Start of'));
    expect(blocks.text).toBe('the first. Start of');
    expect(startParagraph(blocks)).toBe('y');
    expect(blocks.ranges[0]!.endContainer.parentElement!.id).toBe('z');
  });

  it('finds the quote across list items merged into one passage', () => {
    document.body.innerHTML = '<ul><li>Milk</li><li>Eggs</li><li>Bread</li></ul>';
    const p = passageWith('Eggs');
    expect(p.text).toBe('Milk\nEggs\nBread');
    const range = locate(target('Eggs Bread', p.text, p.order)).ranges[0]!;
    expect(range.startContainer.textContent).toBe('Eggs');
    expect(range.endContainer.textContent).toBe('Bread');
    expect(range.endOffset).toBe(5);
  });

  it('finds quotes in shadow roots and splits a quote that crosses into one', () => {
    document.body.innerHTML = '<p>Outside words <x-widget></x-widget> after the widget.</p>';
    const shadow = document.querySelector('x-widget')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<span>inside the <em>shadow</em> tree</span>';
    const inner = locate(target('inside the shadow tree'));
    expect(shown(inner)).toBe('inside the shadow tree');
    expect(inner.ranges[0]!.startContainer.getRootNode()).toBe(shadow);
    const crossing = locate(target('outside words inside the shadow tree after the'));
    expect(crossing.ranges.map((r) => r.startContainer.getRootNode())).toEqual([document, shadow, document]);
    expect(normalize(shown(crossing))).toBe('outside words |inside the shadow tree| after the');
  });

  it('finds quotes in closed shadow roots when given the way in', () => {
    document.body.innerHTML = '<x-closed></x-closed>';
    const host = document.querySelector('x-closed')!;
    const shadow = host.attachShadow({ mode: 'closed' });
    shadow.innerHTML = '<p>sealed away from the page</p>';
    expect(locateQuote(document, target('sealed away'))).toBeNull();
    const q = locateQuote(document, target('sealed away'), { getShadowRoot: (el) => (el === host ? shadow : null) });
    expect(q?.ranges[0]!.toString()).toBe('sealed away');
  });

  it('finds quotes inside a closed <details> and hidden="until-found"', () => {
    document.body.innerHTML =
      '<details><summary>More</summary><p>folded away text</p></details><div hidden="until-found">found later words</div>';
    expect(shown(locate(target('folded away')))).toBe('folded away');
    expect(shown(locate(target('found later')))).toBe('found later');
  });
});

describe('locateQuote: the right occurrence', () => {
  it('picks the occurrence inside the cited passage when the quote occurs several times', () => {
    document.body.innerHTML =
      `<p id="p1">${filler('apples')} The price was twelve euros.</p>` +
      `<p id="p2">${filler('pears')} The price was twelve euros.</p>` +
      `<p id="p3">${filler('plums')} The price was twelve euros.</p>`;
    const second = passageWith('pears');
    const q = locate(target('the price was twelve euros', second.text, second.order));
    expect(startParagraph(q)).toBe('p2');
    expect(shown(q)).toBe('The price was twelve euros');

    // A stale order: the passage's own text decides.
    const third = passageWith('plums');
    expect(startParagraph(locate(target('the price was twelve euros', third.text, 0)))).toBe('p3');
  });

  it('uses the surrounding words when the quote repeats inside shorter neighbours', () => {
    document.body.innerHTML =
      '<h2>Red</h2><p id="a">Red team: the match starts at noon.</p>' +
      '<h2>Blue</h2><p id="b">Blue team: the match starts at noon.</p>';
    const blue = passageWith('Blue team');
    expect(startParagraph(locate(target('the match starts at noon', blue.text, blue.order)))).toBe('b');
    const red = passageWith('Red team');
    expect(startParagraph(locate(target('the match starts at noon', red.text, red.order)))).toBe('a');
    // Even with a wrong order, the words around the quote decide.
    expect(startParagraph(locate(target('the match starts at noon', blue.text, red.order)))).toBe('b');
  });

  it('uses the passage order to choose between identical passages', () => {
    const same = `${filler('twins')} The shared quote lives here.`;
    document.body.innerHTML = `<p id="a">${same}</p><p id="b">${same}</p><p id="c">${same}</p>`;
    const passages = extractPage(document).passages;
    expect(passages.map((p) => p.order)).toEqual([0, 1, 2]);
    const picks = passages.map((p) => startParagraph(locate(target('the shared quote lives here', p.text, p.order))));
    expect(picks).toEqual(['a', 'b', 'c']);
  });

  it('prefers the changed cited passage over an intact stranger, then the place in reading order', () => {
    document.body.innerHTML = `<p id="p1">${filler('zebras')} Key fact.</p><p id="p2">${filler('walruses')} Key fact.</p>`;
    const stale = passageWith('walruses');
    document.getElementById('p2')!.append(' An edit since extraction.');
    expect(startParagraph(locate(target('key fact', stale.text, stale.order)))).toBe('p2');
    // The passage text is gone altogether: its place in reading order still decides.
    document.getElementById('p2')!.firstChild!.textContent = `${filler('otters')} Key fact.`;
    expect(startParagraph(locate(target('key fact', stale.text, stale.order)))).toBe('p2');
    const first = passageWith('zebras');
    expect(startParagraph(locate(target('key fact', first.text, first.order)))).toBe('p1');
  });

  it('follows the passage when content was inserted above it since extraction', () => {
    document.body.innerHTML = `<div id="feed"></div><p id="p1">${filler('owls')} Same line here.</p><p id="p2">${filler('bats')} Same line here.</p>`;
    const cited = passageWith('bats');
    const feed = document.getElementById('feed')!;
    for (const name of ['a', 'b', 'c']) {
      const p = document.createElement('p');
      p.id = `new-${name}`;
      p.textContent = `${filler(`news ${name}`)} Same line here.`;
      feed.append(p);
    }
    expect(startParagraph(locate(target('same line here', cited.text, cited.order)))).toBe('p2');
  });

  it('finds a quote from the selection passage (order -1)', () => {
    document.body.innerHTML = `<p id="p1">${filler('a')} Same words.</p><p id="p2">Picked: Same words.</p>`;
    expect(startParagraph(locate(target('same words', 'Picked: Same words.', -1)))).toBe('p2');
  });

  it('anchors several quotes of one page with one walk', () => {
    document.body.innerHTML = '<p>One fine morning, two cats sat on three mats.</p>';
    const [a, b, c] = locateQuotes(document, [target('one fine morning'), target('three mats'), target('four dogs')]);
    expect(a!.ranges[0]!.toString()).toBe('One fine morning');
    expect(b!.ranges[0]!.toString()).toBe('three mats');
    expect(c).toBeNull();
  });
});

describe('the text nodes that hold a quote', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<p id="a">Taya Iv is a portrait photographer.</p>' +
      '<div style="display:none"><span id="menu">Hidden menu entry that nobody sees</span></div>' +
      '<p id="b">Our Private Photography Community has members.</p>';
  });

  it('are the quote’s own, not the hidden text its range spans between them', () => {
    const q = locate(target('Taya Iv is a portrait photographer.\nOur Private Photography Community'));
    // The range runs from the first paragraph to the second, over the hidden menu…
    expect(q.ranges[0]!.intersectsNode(document.getElementById('menu')!.firstChild!)).toBe(true);
    // …but the words are in the two paragraphs alone: the drawn proof asks about those.
    expect(q.nodes.map((n) => n.parentElement!.id)).toEqual(['a', 'b']);
  });
});

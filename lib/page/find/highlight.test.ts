// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locateQuote } from './anchor';
import { clearHighlight, heldRanges, holdHighlight, holdOthers, showHeld, showHighlight } from './highlight-paint';
import { highlightQuote, highlightQuoteInSteps, MAX_OTHER_QUOTES, type OthersLater } from './highlight-locate';
import { FOCUS_ATTRIBUTE, HIGHLIGHT_NAME, HIGHLIGHT_STYLE_ID, OTHER_HIGHLIGHT_NAME } from '@/lib/shared/core/highlight-style';

const quote = (literal: string) => ({ literal, passageText: '', passageOrder: 0 });

function rangesOf(literal: string): Range[] {
  const q = locateQuote(document, quote(literal));
  if (!q) throw new Error(`not found: ${literal}`);
  return q.ranges;
}

function markTexts(kind?: 'active' | 'other', root: ParentNode = document): string[] {
  const selector = kind ? `mark[data-cited-quote="${kind}"]` : 'mark[data-cited-quote]';
  return [...root.querySelectorAll(selector)].map((m) => m.textContent ?? '');
}

function pressEscape(target: EventTarget = document): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
}

let scrolled: Element[] = [];

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  scrolled = [];
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
    scrolled.push(this);
  });
});

afterEach(() => {
  clearHighlight(document);
  vi.restoreAllMocks();
});

describe('without CSS.highlights (happy-dom): <mark> fallback', () => {
  it('happy-dom has no CSS.highlights, so this suite tests the fallback', () => {
    expect((globalThis as { CSS?: { highlights?: unknown } }).CSS?.highlights).toBeUndefined();
  });

  it('wraps exactly the quoted words, across a bold word and a link, and scrolls to them', () => {
    document.body.innerHTML = '<p id="p">The <b>quick brown</b> fox <a href="#">jumps over</a> the dog.</p>';
    showHighlight(document, rangesOf('brown fox jumps'));
    expect(markTexts('active')).toEqual(['brown', ' fox ', 'jumps']);
    expect(document.getElementById('p')!.textContent).toBe('The quick brown fox jumps over the dog.');
    expect(document.querySelectorAll(`#${HIGHLIGHT_STYLE_ID}`).length).toBe(1);
    expect(scrolled.length).toBe(1);
  });

  it('marks the other quotes of the page apart from the active one', () => {
    document.body.innerHTML = '<p>alpha beta gamma delta epsilon zeta</p>';
    showHighlight(document, rangesOf('beta gamma'), [rangesOf('epsilon zeta')]);
    expect(markTexts('active')).toEqual(['beta gamma']);
    expect(markTexts('other')).toEqual(['epsilon zeta']);
  });

  it('replaces the earlier highlight and clearHighlight restores the page', () => {
    document.body.innerHTML = '<p id="p">alpha beta <i>gamma</i> delta epsilon</p>';
    const p = document.getElementById('p')!;
    showHighlight(document, rangesOf('beta gamma'));
    expect(markTexts()).toEqual(['beta ', 'gamma']);
    showHighlight(document, rangesOf('delta'));
    expect(markTexts()).toEqual(['delta']);
    expect(document.querySelectorAll(`#${HIGHLIGHT_STYLE_ID}`).length).toBe(1);
    clearHighlight(document);
    expect(markTexts()).toEqual([]);
    expect(p.innerHTML).toBe('alpha beta <i>gamma</i> delta epsilon');
    expect(p.childNodes.length).toBe(3); // the split text nodes were joined again
    expect(p.hasAttribute('tabindex')).toBe(false);
  });

  it('opens closed <details> and hidden="until-found" ancestors, telling the page first', () => {
    document.body.innerHTML =
      '<details id="d"><summary>More</summary><div hidden="until-found" id="u"><p>tucked away words</p></div></details>';
    const heard: string[] = [];
    document.getElementById('u')!.addEventListener('beforematch', (e) => heard.push((e.target as Element).id));
    showHighlight(document, rangesOf('tucked away'));
    expect((document.getElementById('d') as HTMLDetailsElement).open).toBe(true);
    expect(document.getElementById('u')!.hasAttribute('hidden')).toBe(false);
    expect(heard).toEqual(['u']);
    expect(markTexts()).toEqual(['tucked away']);
  });

  it('moves the focus to the quote, visibly, and gives the page its attributes back', () => {
    document.body.innerHTML = '<p id="p">Some <b>focused words</b> here.</p>';
    showHighlight(document, rangesOf('focused words'));
    const focused = document.activeElement!;
    expect(focused.localName).toBe('mark');
    expect(focused.hasAttribute(FOCUS_ATTRIBUTE)).toBe(true);
    expect(document.getElementById(HIGHLIGHT_STYLE_ID)!.textContent).toContain(`[${FOCUS_ATTRIBUTE}]:focus`);
    clearHighlight(document);
    expect(document.querySelector(`[${FOCUS_ATTRIBUTE}]`)).toBeNull();
  });

  it('Escape clears the highlight, once', () => {
    document.body.innerHTML = '<p>press escape to clear these words</p>';
    showHighlight(document, rangesOf('clear these words'));
    expect(markTexts()).toEqual(['clear these words']);
    pressEscape(document.querySelector('p')!);
    expect(markTexts()).toEqual([]);
    // Another key after that changes nothing, and a new highlight listens again.
    pressEscape();
    showHighlight(document, rangesOf('press escape'));
    pressEscape();
    expect(markTexts()).toEqual([]);
  });

  it('highlightQuote reports what it highlighted, or that the quote is gone', () => {
    document.body.innerHTML = '<p>It\u2019s a \u201cnice\u201d day.</p>';
    expect(highlightQuote(document, quote('it\'s a "nice" day'))).toEqual({
      ok: true,
      text: 'It\u2019s a \u201cnice\u201d day',
    });
    expect(markTexts()).toEqual(['It\u2019s a \u201cnice\u201d day']);
    expect(highlightQuote(document, quote('a rainy day'))).toEqual({ ok: false, reason: 'not-found' });
    expect(markTexts()).toEqual([]); // the earlier highlight does not linger as if it were the answer
    expect(highlightQuote(null, quote('x'))).toEqual({ ok: false, reason: 'no-document' });
  });

  it('highlightQuote marks the other quotes found, skips those gone, and never doubles the active one', () => {
    document.body.innerHTML = '<p>first claim here, second claim there, third claim nowhere.</p>';
    const outcome = highlightQuote(document, quote('second claim'), {}, [
      quote('first claim'),
      quote('vanished claim'),
      quote('second claim there'),
    ]);
    expect(outcome).toEqual({ ok: true, text: 'second claim' });
    expect(markTexts('active')).toEqual(['second claim']);
    expect(markTexts('other')).toEqual(['first claim']);
  });
});

describe('with CSS.highlights', () => {
  class FakeHighlight {
    ranges: Range[];
    priority = 0;
    constructor(...ranges: Range[]) {
      this.ranges = ranges;
    }
  }
  let registry: Map<string, FakeHighlight>;

  beforeEach(() => {
    registry = new Map();
    // happy-dom's window is the global here; its CSS getter returns a fresh object each time,
    // so the whole CSS namespace is replaced by a minimal one.
    vi.stubGlobal('Highlight', FakeHighlight);
    vi.stubGlobal('CSS', { highlights: registry });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('registers the active quote and the others under two names, without marks, with its style', () => {
    document.body.innerHTML = '<p>one <b>two</b> three four</p>';
    const before = document.body.innerHTML;
    const active = rangesOf('two three');
    const other = rangesOf('four');
    showHighlight(document, active, [other]);
    const h = registry.get(HIGHLIGHT_NAME)!;
    expect(h.ranges).toEqual(active);
    expect(h.ranges[0]!.toString()).toBe('two three');
    expect(h.priority).toBeGreaterThan(0);
    expect(registry.get(OTHER_HIGHLIGHT_NAME)!.ranges[0]!.toString()).toBe('four');
    expect(markTexts()).toEqual([]);
    const style = document.getElementById(HIGHLIGHT_STYLE_ID)!;
    expect(style.textContent).toContain('::highlight(cited-quote)');
    expect(style.textContent).toContain('::highlight(cited-quote-other)');
    expect(style.textContent).toContain('!important');
    // The focus goes to the quote's paragraph, for keyboard and screen reader users.
    expect(document.activeElement!.localName).toBe('p');
    expect(document.querySelector('p')!.getAttribute('tabindex')).toBe('-1');

    const next = rangesOf('one');
    showHighlight(document, next);
    expect(registry.get(HIGHLIGHT_NAME)!.ranges).toEqual(next);
    expect(registry.has(OTHER_HIGHLIGHT_NAME)).toBe(false);
    expect(document.querySelectorAll(`#${HIGHLIGHT_STYLE_ID}`).length).toBe(1);

    clearHighlight(document);
    expect(registry.size).toBe(0);
    expect(document.querySelector('p')!.hasAttribute('tabindex')).toBe(false);
    expect(document.body.innerHTML).toBe(before);
  });

  it('puts the style in each shadow root a quote lives in', () => {
    document.body.innerHTML = '<p>light words <x-box></x-box></p>';
    const shadow = document.querySelector('x-box')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<span>shadowed words here</span>';
    showHighlight(document, rangesOf('light words shadowed words'));
    expect(shadow.getElementById(HIGHLIGHT_STYLE_ID)).not.toBeNull();
    expect(document.getElementById(HIGHLIGHT_STYLE_ID)).not.toBeNull();
    expect(registry.get(HIGHLIGHT_NAME)!.ranges.map((r) => r.toString())).toEqual(['light words ', 'shadowed words']);
  });

  it('Escape clears both highlights', () => {
    document.body.innerHTML = '<p>alpha beta gamma</p>';
    showHighlight(document, rangesOf('alpha'), [rangesOf('gamma')]);
    pressEscape();
    expect(registry.size).toBe(0);
  });
});

describe('highlightQuoteInSteps (<mark> fallback)', () => {
  it('lets the page run between steps, and marks a bounded number of other quotes', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `claim number ${i} stands here.`);
    document.body.innerHTML = `<p>${words.join(' ')}</p>`;
    let pauses = 0;
    const pause = async () => void pauses++;
    const others = words.slice(1).map((w) => quote(w.slice(0, -1)));
    const outcome = await highlightQuoteInSteps(document, quote('claim number 0 stands here'), {}, others, pause);
    expect(outcome).toEqual({ ok: true, text: 'claim number 0 stands here' });
    expect(markTexts('active')).toEqual(['claim number 0 stands here']);
    expect(markTexts('other')).toHaveLength(MAX_OTHER_QUOTES);
    // After reading the page, after finding the quote, and before each other quote.
    expect(pauses).toBe(2 + MAX_OTHER_QUOTES);
    expect(await highlightQuoteInSteps(document, quote('not on the page'), {}, [], pause)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(markTexts()).toEqual([]);
  });

  it('holds the quote alone and leaves the others to be found after, painted with it only while it is held', async () => {
    document.body.innerHTML = '<p>alpha beta gamma delta epsilon zeta eta theta</p>';
    const pause = async () => {};
    const later: OthersLater = {};
    const others = [quote('epsilon zeta'), quote('gamma delta'), quote('not here')];
    const outcome = await highlightQuoteInSteps(document, quote('beta gamma'), {}, others, pause, holdHighlight, later);
    expect(outcome).toEqual({ ok: true, text: 'beta gamma' });
    expect(markTexts()).toEqual([]);
    const held = heldRanges(document)!;
    // The one overlapping the active quote left out, as when they are found first.
    const found = await later.others!();
    expect(found.map((r) => r.map(String).join(''))).toEqual(['epsilon zeta']);
    holdOthers(document, held, found);
    expect(showHeld(document)).toBe(true);
    expect(markTexts('active')).toEqual(['beta gamma']);
    expect(markTexts('other')).toEqual(['epsilon zeta']);
    // Found for a quote no longer held (another one held since): not painted with the new one.
    holdHighlight(document, rangesOf('eta theta'));
    holdOthers(document, held, [rangesOf('alpha')]);
    expect(showHeld(document)).toBe(true);
    expect(markTexts('other')).toEqual([]);
  });

  it('says when the highlight covers only part of the quote: a transcript line the page rewrote while it ran', async () => {
    // A transcript whose lines are split by <br>, one quote across two of them.
    document.body.innerHTML =
      '<p id="t">We will open the new library in May<br>and the old one will close in June.<br>Questions followed.</p>';
    let pauses = 0;
    // The page's player replaces the second line while the highlight waits its turn.
    const pause = async () => {
      if (++pauses === 2) {
        const line = document.getElementById('t')!.childNodes[2]!;
        line.replaceWith(document.createTextNode('[the speaker corrected this line]'));
      }
    };
    const target = quote('We will open the new library in May and the old one will close in June');
    const outcome = await highlightQuoteInSteps(document, target, {}, [], pause);
    // Never the whole quote's words as the highlight's: only those it covers, and said to be partial.
    expect(outcome).toEqual({ ok: true, partial: true, text: 'We will open the new library in May' });
    expect(markTexts('active').join('')).toBe('We will open the new library in May');
  });

  it('covers a whole quote across <br> lines without calling it partial', async () => {
    document.body.innerHTML = '<p>We will open the new library in May<br>and the old one will close in June.</p>';
    const outcome = await highlightQuoteInSteps(
      document,
      quote('We will open the new library in May and the old one will close in June'),
      {},
      [],
      async () => {},
    );
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome).not.toHaveProperty('partial');
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findQuote } from './anchor';
import {
  clearHighlight,
  HIGHLIGHT_NAME,
  HIGHLIGHT_STYLE_ID,
  highlightQuote,
  showHighlight,
} from './highlight';

const quote = (literal: string) => ({ literal, passageText: '', passageOrder: 0 });

function markTexts(root: ParentNode = document): string[] {
  return [...root.querySelectorAll('mark[data-cited-quote]')].map((m) => m.textContent ?? '');
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
  vi.restoreAllMocks();
});

describe('without CSS.highlights (happy-dom): <mark> fallback', () => {
  it('happy-dom has no CSS.highlights, so this suite tests the fallback', () => {
    expect((globalThis as { CSS?: { highlights?: unknown } }).CSS?.highlights).toBeUndefined();
  });

  it('wraps exactly the quoted words, across elements, and scrolls to them', () => {
    const html = '<p id="p">The <b>quick brown</b> fox <a href="#">jumps over</a> the dog.</p>';
    document.body.innerHTML = html;
    showHighlight(document, findQuote(document, quote('brown fox jumps'))!);
    expect(markTexts()).toEqual(['brown', ' fox ', 'jumps']);
    expect(document.getElementById('p')!.textContent).toBe('The quick brown fox jumps over the dog.');
    expect(document.querySelectorAll(`#${HIGHLIGHT_STYLE_ID}`).length).toBe(1);
    expect(scrolled.length).toBe(1);
    expect(scrolled[0]!.textContent).toBe('brown');
  });

  it('replaces the earlier highlight and clearHighlight restores the page', () => {
    const html = '<p id="p">alpha beta <i>gamma</i> delta epsilon</p>';
    document.body.innerHTML = html;
    const p = document.getElementById('p')!;
    showHighlight(document, findQuote(document, quote('beta gamma'))!);
    expect(markTexts()).toEqual(['beta ', 'gamma']);
    showHighlight(document, findQuote(document, quote('delta'))!);
    expect(markTexts()).toEqual(['delta']);
    expect(document.querySelectorAll(`#${HIGHLIGHT_STYLE_ID}`).length).toBe(1);
    clearHighlight(document);
    expect(markTexts()).toEqual([]);
    expect(p.innerHTML).toBe('alpha beta <i>gamma</i> delta epsilon');
    // The split text nodes were joined again.
    expect(p.childNodes.length).toBe(3);
  });

  it('opens closed <details> and hidden="until-found" ancestors', () => {
    document.body.innerHTML =
      '<details id="d"><summary>More</summary><div hidden="until-found" id="u"><p>tucked away words</p></div></details>';
    showHighlight(document, findQuote(document, quote('tucked away'))!);
    expect((document.getElementById('d') as HTMLDetailsElement).open).toBe(true);
    expect(document.getElementById('u')!.hasAttribute('hidden')).toBe(false);
    expect(markTexts()).toEqual(['tucked away']);
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
});

describe('with CSS.highlights', () => {
  class FakeHighlight {
    ranges: Range[];
    constructor(...ranges: Range[]) {
      this.ranges = ranges;
    }
  }
  let registry: Map<string, unknown>;

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

  it('registers the range under "cited-quote" without touching the DOM, with its style', () => {
    document.body.innerHTML = '<p>one <b>two</b> three</p>';
    const before = document.body.innerHTML;
    const range = findQuote(document, quote('two three'))!;
    showHighlight(document, range);
    const h = registry.get(HIGHLIGHT_NAME) as FakeHighlight;
    expect(h).toBeInstanceOf(FakeHighlight);
    expect(h.ranges).toEqual([range]);
    expect(h.ranges[0]!.toString()).toBe('two three');
    expect(document.body.innerHTML).toBe(before);
    expect(markTexts()).toEqual([]);
    const style = document.getElementById(HIGHLIGHT_STYLE_ID)!;
    expect(style.textContent).toContain('::highlight(cited-quote)');
    expect(style.textContent).toContain('#ffe066');
    expect(scrolled.map((e) => e.localName)).toEqual(['b']);

    const next = findQuote(document, quote('one'))!;
    showHighlight(document, next);
    expect((registry.get(HIGHLIGHT_NAME) as FakeHighlight).ranges).toEqual([next]);
    expect(document.querySelectorAll(`#${HIGHLIGHT_STYLE_ID}`).length).toBe(1);

    clearHighlight(document);
    expect(registry.has(HIGHLIGHT_NAME)).toBe(false);
  });

  it('puts the style in the shadow root a quote lives in', () => {
    document.body.innerHTML = '<x-box></x-box>';
    const shadow = document.querySelector('x-box')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>shadowed words here</p>';
    showHighlight(document, findQuote(document, quote('shadowed words'))!);
    expect(shadow.getElementById(HIGHLIGHT_STYLE_ID)).not.toBeNull();
    expect((registry.get(HIGHLIGHT_NAME) as FakeHighlight).ranges[0]!.toString()).toBe('shadowed words');
  });
});

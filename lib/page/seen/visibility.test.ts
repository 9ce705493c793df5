// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { Visibility } from './visibility';
import { NEVER_TEXT } from './never-text';
import { clippedAway } from './box-place';
import { openableHost } from './openable';
import { textShows, type StyleRef } from './walk-rows';

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

/** Whether the element with `id` shows, its parent's style read as a walk would. */
function shows(id: string, doc: Document = document): boolean {
  const el = doc.getElementById(id)!;
  const visibility = new Visibility(doc);
  const chain: Element[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e);
  let style: StyleRef = null;
  for (const e of chain) {
    if (!visibility.shows(e, style)) return false;
    style = visibility.style;
  }
  return true;
}

/** Whether the text directly inside the element with `id` shows. */
function textOf(id: string, doc: Document = document): boolean {
  const visibility = new Visibility(doc);
  let style: StyleRef = null;
  const chain: Element[] = [];
  for (let e: Element | null = doc.getElementById(id); e; e = e.parentElement) chain.unshift(e);
  for (const e of chain) {
    if (!visibility.shows(e, style)) return false;
    style = visibility.style;
  }
  return textShows(style);
}

describe('Visibility', () => {
  it('leaves out display: none, by inline style or style sheet, and [hidden]', () => {
    document.head.innerHTML = '<style>.gone { display: none }</style>';
    document.body.innerHTML =
      '<p id="seen">one</p><p id="attr" hidden>x</p><p id="inline" style="display:none">x</p>' +
      '<p id="sheet" class="gone">x</p><div class="gone"><p id="inside">x</p></div><p id="aria" aria-hidden="true">x</p>';
    expect(shows('seen')).toBe(true);
    expect(shows('attr')).toBe(false);
    expect(shows('inline')).toBe(false);
    expect(shows('sheet')).toBe(false);
    expect(shows('inside')).toBe(false);
    // A screen reader does not read it; a reader sees it.
    expect(shows('aria')).toBe(true);
  });

  it('keeps what a reader can open: hidden="until-found"', () => {
    document.body.innerHTML = '<div id="found" hidden="until-found">x</div>';
    expect(shows('found')).toBe(true);
  });

  // Whether a closed <details> is read, checked and proven drawn needs layout (happy-dom has none,
  // and said "shown" whatever the code did): tests/e2e/page-checks.test.ts asks real Chromium.
  // Here, without layout, which box stands in for what a reader opens.
  it('measures what is inside a closed <details> by the <details> (its summary drawn), not an open one', () => {
    document.body.innerHTML =
      '<details id="shut"><summary id="sum">More</summary><p id="closed">x</p>' +
      '<details id="inner"><summary>In</summary><p id="deeper">y</p></details></details>' +
      '<details open><summary>Open</summary><p id="opened">z</p></details><p id="plain">w</p>';
    const $ = (id: string) => document.getElementById(id)!;
    expect(openableHost($('closed'))).toBe($('shut'));
    // The outermost closed one: what holds the inner one is not drawn either.
    expect(openableHost($('deeper'))).toBe($('shut'));
    expect(openableHost($('sum'))).toBeNull();
    expect(openableHost($('opened'))).toBeNull();
    expect(openableHost($('plain'))).toBeNull();
  });

  it('gives the computed display of what shows', () => {
    document.body.innerHTML = '<span id="s" style="display:inline-block">x</span>';
    const visibility = new Visibility(document);
    expect(visibility.shows(document.getElementById('s')!, null)).toBe(true);
    expect(visibility.display).toBe('inline-block');
  });

  it('hides text whose own style is visibility: hidden or collapse; a child may set it back', () => {
    document.body.innerHTML =
      '<div id="hidden" style="visibility:hidden">x<p id="child">x</p>' +
      '<span id="back" style="visibility:visible">x</span></div><p id="seen">x</p>' +
      '<table><tr id="row" style="visibility:collapse"><td id="cell">x</td></tr></table>';
    expect(textOf('hidden')).toBe(false);
    expect(textOf('child')).toBe(false);
    expect(textOf('back')).toBe(true);
    expect(textOf('seen')).toBe(true);
    expect(textOf('cell')).toBe(false);
    // The box itself is still there (it keeps its room): only its text is left out.
    expect(shows('hidden')).toBe(true);
  });

  it('reads inline styles in a document without a window, visibility inherited', () => {
    const doc = new DOMParser().parseFromString(
      '<html><body><p id="none" style="display:none">x</p><div id="hid" style="visibility:hidden">' +
        '<p id="child">x</p><p id="back" style="visibility:visible">x</p></div>' +
        '<p id="attr" hidden>x</p><p id="found" hidden="until-found">x</p><p id="seen">x</p></body></html>',
      'text/html',
    );
    expect(shows('none', doc)).toBe(false);
    expect(shows('attr', doc)).toBe(false);
    expect(shows('found', doc)).toBe(true);
    expect(textOf('seen', doc)).toBe(true);
    expect(textOf('hid', doc)).toBe(false);
    expect(textOf('child', doc)).toBe(false);
    expect(textOf('back', doc)).toBe(true);
  });

  it('asks nothing of sizes without layout: no box clips here', () => {
    document.body.innerHTML = '<div id="sr" style="width:1px;height:1px;overflow:hidden;position:absolute">x</div>';
    const visibility = new Visibility(document);
    const el = document.getElementById('sr')!;
    expect(visibility.hasLayout).toBe(false);
    expect(visibility.shows(el, null)).toBe(true);
    expect(visibility.clipsAway(el)).toBe(false);
  });
});

describe('clippedAway', () => {
  const box = (clientWidth: number, clientHeight: number) => ({ clientWidth, clientHeight }) as unknown as Element;
  const style = (overflowX: string, overflowY: string) => ({ overflowX, overflowY }) as CSSStyleDeclaration;

  it('is true for a box of (almost) no size that hides what overflows it', () => {
    // The "visually hidden" text of screen readers.
    expect(clippedAway(box(1, 1), style('hidden', 'hidden'))).toBe(true);
    // A collapsed panel.
    expect(clippedAway(box(600, 0), style('hidden', 'hidden'))).toBe(true);
    expect(clippedAway(box(0, 300), style('clip', 'clip'))).toBe(true);
  });

  it('is false for a box that shows what overflows it, or that has room', () => {
    expect(clippedAway(box(0, 0), style('visible', 'visible'))).toBe(false);
    expect(clippedAway(box(600, 300), style('hidden', 'hidden'))).toBe(false);
    // Clipped across only: a zero height shows its overflow downwards.
    expect(clippedAway(box(600, 0), style('hidden', 'visible'))).toBe(false);
  });
});

describe('NEVER_TEXT', () => {
  it('holds what is never page text, and none of the elements that hold it', () => {
    for (const tag of ['script', 'style', 'noscript', 'template', 'title', 'svg', 'iframe', 'textarea', 'option']) {
      expect(NEVER_TEXT.has(tag), tag).toBe(true);
    }
    for (const tag of ['p', 'div', 'span', 'a', 'details', 'summary', 'slot', 'button', 'label']) {
      expect(NEVER_TEXT.has(tag), tag).toBe(false);
    }
  });
});

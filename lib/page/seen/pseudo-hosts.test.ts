// @vitest-environment happy-dom
/**
 * Which elements' `::before` and `::after` are asked whether they cover words (pseudo-hosts.ts):
 * those a style rule gives generated content to, found from the page's sheets; every element
 * where a sheet cannot tell.
 */
import { describe, expect, it } from 'vitest';
import { pseudoHosts } from './pseudo-hosts';

function page(css: string, body: string): Document {
  document.head.innerHTML = `<style>${css}</style>`;
  document.body.innerHTML = body;
  return document;
}

const ids = (hosts: Set<Element> | 'all') => (hosts === 'all' ? 'all' : [...hosts].map((e) => e.id).sort());

describe('pseudoHosts', () => {
  it('finds the elements of every rule that names ::before or ::after and may move it out of its box, in a list, a group or the old one-colon form', () => {
    const doc = page(
      `.a::after { content: ''; position: absolute } .b:before, p.c { position: relative } @media screen { .d::before { transform: translateY(-2em) } } :is(.e, .f)::after { margin-top: -3em } .g::after { content: ''; display: table; clear: both }`,
      '<p id="a" class="a"></p><p id="b" class="b"></p><p id="c" class="c"></p><p id="d" class="d"></p><p id="e" class="e"></p><p id="f" class="f"></p><p id="g" class="g"></p><p id="h"></p>',
    );
    expect(ids(pseudoHosts(doc))).toEqual(['a', 'b', 'd', 'e', 'f']);
  });

  it('takes a rule of its pseudo-element alone for every element', () => {
    const doc = page(`::after { all: inherit } div > ::before { position: fixed }`, '<div id="x"><span id="y"></span></div>');
    expect(ids(pseudoHosts(doc))).toEqual(expect.arrayContaining(['x', 'y']));
  });

  it('finds none on a page whose sheets name neither, or give them only content and colour (an icon, a clearfix)', () => {
    expect(ids(pseudoHosts(page('.a { position: absolute }', '<p id="a" class="a"></p>')))).toEqual([]);
    const icons = `.i::before { content: 'x'; color: red; background: #fff } .c::after { content: ''; display: table; clear: both }`;
    expect(ids(pseudoHosts(page(icons, '<i id="i" class="i"></i><div id="c" class="c"></div>')))).toEqual([]);
  });
});

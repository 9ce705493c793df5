// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { Ancestry } from './ancestry';
import { facesAway } from './own-style';
import { openableHost } from './openable';

describe('Ancestry.openable', () => {
  it('answers as openableHost, remembered per element, for every element of nested openable boxes', () => {
    document.body.innerHTML = `
      <div id="a"><details id="d1"><summary id="s1"><b id="sb">summary</b></summary>
        <p id="p1">inside <i id="i1">closed</i></p>
        <details id="d2" open><summary id="s2">open</summary><p id="p2">inside an open one in a closed one</p></details>
      </details></div>
      <section id="sec"><div hidden="until-found" id="uf"><p id="p3">found <em id="e3">later</em></p>
        <details id="d3"><summary id="s3">s</summary><p id="p4">deep</p></details></div></section>
      <details id="d4"><p id="p5">no summary</p></details>
      <p id="plain">plain <span id="sp">words</span></p>`;
    const ancestry = new Ancestry(window as unknown as Window);
    // Asked in an order that fills the memo from the inside out and from the outside in.
    const all = [...document.body.querySelectorAll('*')];
    for (const el of [...all.slice().reverse(), ...all]) {
      expect(ancestry.openable(el), el.id).toBe(openableHost(el));
    }
    expect(ancestry.openable(document.getElementById('i1')!)).toBe(document.getElementById('d1'));
    expect(ancestry.openable(document.getElementById('sb')!)).toBe(null);
    expect(ancestry.openable(document.getElementById('p4')!)).toBe(document.getElementById('sec'));
    expect(ancestry.openable(document.getElementById('sp')!)).toBe(null);
  });
});

describe('facesAway', () => {
  it('is true only for a transform that turns the box to show its back', () => {
    expect(facesAway('matrix3d(-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1)')).toBe(true);
    expect(facesAway('matrix3d(0.984808, 0, -0.173648, 0, 0, 1, 0, 0, 0.173648, 0, 0.984808, 0, 0, 0, 0, 1)')).toBe(false);
    // A 2D matrix (a flip in the plane) never shows a back.
    expect(facesAway('matrix(-1, 0, 0, 1, 0, 0)')).toBe(false);
    expect(facesAway('none')).toBe(false);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { CLOCK_EVERY, ReadBudget, textAfter } from './read-budget';

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('ReadBudget', () => {
  it('lets a walk go on without limits', () => {
    document.body.innerHTML = '<p>a</p>';
    const budget = new ReadBudget(document);
    for (let i = 0; i < 3 * CLOCK_EVERY; i++) expect(budget.allows(document.body, 1e9)).toBe(true);
    expect(budget.stopped).toBe(false);
    expect(budget.truncated).toBeUndefined();
  });

  it('stops once the characters are read, and says about how much of the page that was', () => {
    document.body.innerHTML = '<p id="a">0123456789</p><p id="b">0123456789</p><p id="c">01234567890123456789</p>';
    const budget = new ReadBudget(document, { maxTextChars: 10 });
    const b = document.getElementById('b')!;
    expect(budget.allows(b, 9)).toBe(true);
    expect(budget.allows(b, 10)).toBe(false);
    // Read 10; after #b (itself included) come 30 more.
    expect(budget.truncated).toEqual({ reason: 'size', share: 10 / 40 });
    // Once stopped, it never goes on.
    expect(budget.stopped).toBe(true);
    expect(budget.allows(b, 0)).toBe(false);
  });

  it('cuts one text node that does not fit, and stops', () => {
    document.body.innerHTML = '<pre>0123456789abcdef</pre><p>tail</p>';
    const node = document.querySelector('pre')!.firstChild as Text;
    const budget = new ReadBudget(document, { maxTextChars: 10 });
    expect(budget.fit(node, 'xyz', 7)).toBe('xyz');
    expect(budget.stopped).toBe(false);
    expect(budget.fit(node, node.data, 4)).toBe('012345');
    expect(budget.truncated).toEqual({ reason: 'size', share: 10 / (4 + 16 + 4) });
  });

  it('looks at the clock once every so many nodes, and stops when the time is up', () => {
    document.body.innerHTML = '<p>x</p>';
    let clock = 0;
    let looks = 0;
    const now = () => {
      looks++;
      return clock;
    };
    const budget = new ReadBudget(document, { timeBudgetMs: 100, now });
    expect(looks).toBe(1); // the start
    for (let i = 0; i < CLOCK_EVERY - 1; i++) budget.allows(document.body, 0);
    expect(looks).toBe(1);
    expect(budget.allows(document.body, 0)).toBe(true);
    expect(looks).toBe(2);
    clock = 101;
    for (let i = 0; i < CLOCK_EVERY - 1; i++) expect(budget.allows(document.body, 0)).toBe(true);
    expect(budget.allows(document.body, 5)).toBe(false);
    expect(budget.truncated?.reason).toBe('time');
  });
});

describe('textAfter', () => {
  it('counts the node, its following siblings and its ancestors’ following siblings, up to the root', () => {
    document.body.innerHTML = '<div id="root"><p>aa<b id="b">bbb</b>cc</p><p>dddd</p></div><p>outside</p>';
    const root = document.getElementById('root')!;
    expect(textAfter(document.getElementById('b')!, root)).toBe(3 + 2 + 4);
    expect(textAfter(root.firstChild!, root)).toBe(7 + 4);
  });

  it('goes on from a shadow root to the host’s following siblings', () => {
    document.body.innerHTML = '<x-host></x-host><p>after</p>';
    const shadow = document.querySelector('x-host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>inside</p>';
    expect(textAfter(shadow.firstChild!, document)).toBe(6 + 5);
  });
});

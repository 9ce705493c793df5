import { describe, expect, it } from 'vitest';
import { tabsToRead } from './tab-scope';

const tabs = [
  { id: 1, windowId: 10, active: false, title: 'A' },
  { id: 2, windowId: 10, active: true, title: 'B' },
  { id: 3, windowId: 10, active: false, title: 'C' },
  { id: 4, windowId: 20, active: true, title: 'other window' },
];
const titles = (ts: Array<{ title: string }>) => ts.map((t) => t.title);

describe('tabsToRead', () => {
  it('"This tab" is the active tab of the question’s window', () => {
    expect(titles(tabsToRead(tabs, { scope: 'tab', windowId: 10 }))).toEqual(['B']);
    expect(titles(tabsToRead(tabs, { scope: 'tab', windowId: 20 }))).toEqual(['other window']);
  });

  it('"All tabs in this window" is every tab of that window and no other', () => {
    expect(titles(tabsToRead(tabs, { scope: 'window', windowId: 10 }))).toEqual(['A', 'B', 'C']);
  });

  it('"Choose tabs" reads only the ticked tabs, in tab order', () => {
    expect(titles(tabsToRead(tabs, { scope: 'tabs', windowId: 10, tabIds: [3, 1] }))).toEqual(['A', 'C']);
  });

  it('ignores a ticked tab of another window, or one that is gone', () => {
    expect(titles(tabsToRead(tabs, { scope: 'tabs', windowId: 10, tabIds: [4, 99, 2] }))).toEqual(['B']);
    expect(tabsToRead(tabs, { scope: 'tabs', windowId: 10, tabIds: [] })).toEqual([]);
  });
});

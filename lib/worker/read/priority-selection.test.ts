import { describe, expect, it } from 'vitest';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { withPrioritySelection } from './priority-selection';

const page: SourcedPassage = {
  id: 'p1',
  text: 'Some text of the page.',
  order: 0,
  tabId: 5,
  windowId: 1,
  frameId: 0,
  url: 'https://a.example/',
  title: 'A',
};
const tab = { windowId: 1, url: 'https://a.example/', title: 'A' };

describe('prioritySelection', () => {
  it('puts the remembered selection first, as its tab’s selection passage', () => {
    const out = withPrioritySelection([page], { tabId: 5, text: '  the   selected words ' }, tab);
    expect(out.map((p) => p.text)).toEqual(['the selected words', 'Some text of the page.']);
    expect(out[0]).toMatchObject({ selection: true, order: -1, tabId: 5, frameId: 0, url: 'https://a.example/', title: 'A' });
  });

  it('puts it in place of any selection a page held when it was read: the browser said which is the user’s', () => {
    const live = { ...page, id: 's', text: 'words a script selected', selection: true, order: -1, readId: 'r' };
    const out = withPrioritySelection([live, page], { tabId: 5, text: 'remembered' }, tab);
    expect(out.map((p) => [p.text, p.selection ?? false])).toEqual([
      ['remembered', true],
      ['Some text of the page.', false],
    ]);
    // Without one, a selection read in a page stays (it is checked before it is sent).
    expect(withPrioritySelection([live, page], undefined, tab)).toEqual([live, page]);
  });

  it('adds nothing without a selection, an empty one, or a tab that was not read', () => {
    expect(withPrioritySelection([page], undefined, tab)).toEqual([page]);
    expect(withPrioritySelection([page], { tabId: 5, text: '   ' }, tab)).toEqual([page]);
    expect(withPrioritySelection([page], { tabId: 5, text: 'x y z' }, undefined)).toEqual([page]);
  });
});

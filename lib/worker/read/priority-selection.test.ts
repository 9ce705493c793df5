import { describe, expect, it } from 'vitest';
import type { SourcedPassage } from '@/lib/shared/types';
import { prioritySelection, type PrioritySelection } from './priority-selection';

/** The passages as the question sends them: the remembered selection, if any, first. */
function withPrioritySelection(
  passages: SourcedPassage[],
  ...rest: [PrioritySelection | undefined, Parameters<typeof prioritySelection>[2]]
) {
  const extra = prioritySelection(passages, ...rest);
  return extra ? [extra, ...passages] : passages;
}

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

  it('keeps the selection the page still had when it was read', () => {
    const live = { ...page, id: 's', text: 'live selection', selection: true, order: -1 };
    expect(withPrioritySelection([live, page], { tabId: 5, text: 'remembered' }, tab)).toEqual([live, page]);
  });

  it('adds nothing without a selection, an empty one, or a tab that was not read', () => {
    expect(withPrioritySelection([page], undefined, tab)).toEqual([page]);
    expect(withPrioritySelection([page], { tabId: 5, text: '   ' }, tab)).toEqual([page]);
    expect(withPrioritySelection([page], { tabId: 5, text: 'x y z' }, undefined)).toEqual([page]);
  });
});

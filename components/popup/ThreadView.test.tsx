// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ShownCitation } from '@/lib/shared/answer/run';
import type { Turn } from '@/lib/shared/answer/thread';
import { mount } from '../../tests/support/mount';
import { ThreadView } from './ThreadView';

const turn = (id: string, over: Partial<Turn>): Turn => ({
  id,
  question: `Question ${id}?`,
  askedAt: 0,
  answeredAt: 0,
  fragments: [],
  restarted: false,
  ...over,
});

describe('ThreadView', () => {
  it('shows each earlier question with its answer, oldest first; their citations still reveal their quote', () => {
    const onReveal = vi.fn();
    const cited: ShownCitation = {
      literal: 'The museum opens at 9 a.m.',
      index: 1,
      passageId: 'h',
      passageText: 'The museum opens at 9 a.m.',
      passageOrder: 0,
      tabId: 1,
      windowId: 1,
      frameId: 0,
      url: 'https://museum.example/hours',
      title: 'Hours',
      site: 'museum.example',
    };
    const root = mount(
      <ThreadView
        turns={[
          turn('1', {
            outcome: {
              kind: 'answer',
              claims: [{ text: 'It opens at nine.', citations: [cited] }],
              droppedClaims: 0,
              retried: false,
              checks: { citations: 1, broken: 0 },
            },
          }),
          turn('2', {
            outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } },
          }),
          turn('3', { results: [cited] }),
          turn('4', { results: [], searchTooGeneral: true }),
        ]}
        onReveal={onReveal}
      />,
    );
    const section = root.querySelector('section')!;
    expect(root.querySelector(`#${section.getAttribute('aria-labelledby')}`)!.textContent).toBe('Earlier in this thread');
    expect([...root.querySelectorAll('.turn-question')].map((e) => e.textContent)).toEqual([
      'Question 1?',
      'Question 2?',
      'Question 3?',
      'Question 4?',
    ]);
    const turns = root.querySelectorAll('.turn');
    expect(turns[0]!.textContent).toContain('It opens at nine.');
    expect(turns[1]!.textContent).toContain('Not found in these pages.');
    expect(turns[2]!.querySelector('blockquote')!.textContent).toBe('The museum opens at 9 a.m.');
    expect(turns[3]!.textContent).toContain('Ask a model for this: it names nothing to search for.');
    (turns[0]!.querySelector('button') as HTMLButtonElement).click();
    expect(onReveal).toHaveBeenCalledWith(cited);
  });

  it('shows nothing without earlier turns', () => {
    expect(mount(<ThreadView turns={[]} onReveal={vi.fn()} />).innerHTML).toBe('');
  });
});

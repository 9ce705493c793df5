// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { passage } from '../../tests/support/passages';
import { baseRun as base, mount } from '../../tests/support/mount';
import { ReviewPanel } from './ReviewPanel';

describe('ReviewPanel', () => {
  const plan = {
    passages: [
      passage('Adult tickets cost 12 euros.', { id: 'a', title: 'Tickets', url: 'https://www.museum.example/t' }),
      passage('Selected <i>words</i>.', { id: 's', selection: true, order: -1, title: 'Hours', url: 'https://museum.example/h' }),
    ],
    groups: [2],
    tokens: 40,
    reused: 0,
    budget: 8000,
  };

  it('shows every fragment with its source and where it goes, with Send and Cancel', () => {
    const onSend = vi.fn();
    const onCancel = vi.fn();
    const root = mount(
      <ReviewPanel
        run={{ ...base, status: 'review', plan }}
        destination="api.anthropic.com"
        onSend={onSend}
        onCancel={onCancel}
      />,
    );
    expect(root.textContent).toContain('these 2 passages');
    expect(root.textContent).toContain('api.anthropic.com');
    // Numbered by the list itself, in the order they will be sent.
    expect(root.querySelectorAll('ol.fragments > li')).toHaveLength(2);
    expect([...root.querySelectorAll('.fragment-source')].map((e) => e.textContent)).toEqual([
      'Tickets — museum.example',
      'Hours — museum.example (your selection)',
    ]);
    expect([...root.querySelectorAll('.fragment-text')].map((e) => e.textContent)).toEqual([
      'Adult tickets cost 12 euros.',
      'Selected <i>words</i>.',
    ]);
    const [send, cancel] = [...root.querySelectorAll('button')];
    expect([send!.textContent, cancel!.textContent]).toEqual(['Send', 'Cancel']);
    cancel!.click();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSend).not.toHaveBeenCalled();
    send!.click();
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('in a thread, says that the earlier turns go too and marks the passages sent before', () => {
    const history = [{ question: 'Q1', fragments: 1, textOnly: false, claims: [] }];
    const root = mount(
      <ReviewPanel
        run={{ ...base, status: 'review', plan: { ...plan, reused: 1, groups: [1, 1], history } }}
        destination="api.anthropic.com"
        onSend={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(root.textContent).toContain(
      'With them go the earlier question of this thread and their answers, and the first passage was sent with them before.',
    );
    expect([...root.querySelectorAll('.fragment-source')].map((e) => e.textContent)).toEqual([
      'Tickets — museum.example (sent earlier in this thread)',
      'Hours — museum.example (your selection)',
    ]);
  });
});

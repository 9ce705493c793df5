// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { mount } from '../../tests/support/mount';
import { CitationStepper } from './CitationStepper';

const step = (title: string): ShownCitation => ({
  literal: 'quoted words long enough',
  index: 1,
  passageId: title,
  passageText: 'quoted words long enough',
  passageOrder: 0,
  tabId: 1,
  windowId: 1,
  frameId: 0,
  url: 'https://example.com/',
  title,
  site: 'example.com',
});
const steps = [step('Opening hours'), step('Tickets')];

const button = (root: HTMLElement, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name)!;

describe('CitationStepper', () => {
  it('steps forward and back through the quotes, and says which one is shown', () => {
    const onStep = vi.fn();
    const root = mount(<CitationStepper steps={steps} current={0} onStep={onStep} />);
    expect(root.textContent).toContain('Quote 1 of 2: Opening hours');
    button(root, 'Next citation').click();
    expect(onStep).toHaveBeenLastCalledWith(1);
    expect(button(root, 'Previous citation').disabled).toBe(true);
  });

  it('stops at the last quote', () => {
    const root = mount(<CitationStepper steps={steps} current={1} onStep={vi.fn()} />);
    expect(button(root, 'Next citation').disabled).toBe(true);
    expect(button(root, 'Previous citation').disabled).toBe(false);
  });

  it('before the first step both ways are open; without quotes it shows nothing', () => {
    const root = mount(<CitationStepper steps={steps} current={null} onStep={vi.fn()} />);
    expect(root.textContent).toContain('2 quotes to check');
    expect(button(root, 'Next citation').disabled).toBe(false);
    expect(button(root, 'Previous citation').disabled).toBe(false);
    expect(mount(<CitationStepper steps={[]} current={null} onStep={vi.fn()} />).innerHTML).toBe('');
  });

  it('names the buttons in full, their visible words part of the name, and names the keys', () => {
    const root = mount(<CitationStepper steps={steps} current={null} onStep={vi.fn()} />);
    const next = button(root, 'Next citation');
    // The arrow is drawn, and hidden from screen readers: the words are the whole of what is said.
    expect(next.textContent).toBe('Next');
    expect(next.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(next.getAttribute('aria-keyshortcuts')).toBe('n');
  });
});

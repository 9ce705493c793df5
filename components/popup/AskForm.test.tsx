// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../../tests/support/mount';
import { AskForm } from './AskForm';

describe('AskForm', () => {
  const props = { scope: 'tab' as const, busy: false, onQuestion: vi.fn(), onScope: vi.fn() };

  it('states the question’s maximum length', () => {
    const root = mount(<AskForm {...props} question="When?" onAsk={vi.fn()} />);
    const box = root.querySelector('textarea')!;
    expect(root.querySelector(`#${box.getAttribute('aria-describedby')}`)!.textContent).toBe('Up to 4,000 characters.');
  });

  it('says when a question is too long, keeps it, and does not ask', () => {
    const onAsk = vi.fn();
    const root = mount(<AskForm {...props} question={'why '.repeat(1200)} onAsk={onAsk} />);
    expect(root.querySelector('[role="alert"]')!.textContent).toBe(
      'Your question is 4,799 characters long; a question can have 4,000 at most. Shorten it to ask.',
    );
    expect(root.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(true);
    root.querySelector('textarea')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onAsk).not.toHaveBeenCalled();
    expect(root.querySelector('textarea')!.value).toBe('why '.repeat(1200));
  });
});

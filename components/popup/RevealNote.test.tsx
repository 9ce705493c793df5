// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RevealNote } from './RevealNote';

function mount(offerOpen: boolean, onOpenAsCited = vi.fn()) {
  const root = document.createElement('div');
  document.body.append(root);
  render(
    <RevealNote message="The quoted words are no longer on the page." offerOpen={offerOpen} onOpenAsCited={onOpenAsCited} />,
    root,
  );
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('RevealNote', () => {
  it('says why nothing was highlighted, as an alert, and offers the page as cited', () => {
    const open = vi.fn();
    const root = mount(true, open);
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('no longer on the page');
    const button = [...alert.querySelectorAll('button')].find((b) => b.textContent === 'Open the page as cited')!;
    button.click();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('offers nothing when there is nothing to open', () => {
    const root = mount(false);
    expect(root.querySelector('button')).toBeNull();
  });
});

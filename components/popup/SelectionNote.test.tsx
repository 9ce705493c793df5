// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mount } from '../../tests/support/mount';
import { SelectionNote } from './SelectionNote';

describe('SelectionNote', () => {
  it('shows the selection as the user’s, where it came from, as text only', () => {
    const root = mount(<SelectionNote selection={{ text: 'Opens at <b>9</b>.', title: 'Hours' }} />);
    const region = root.querySelector('[aria-label="Your selection"]')!;
    expect(region.textContent).toContain('Your selection in “Hours”, sent first:');
    expect(region.querySelector('blockquote')!.textContent).toBe('Opens at <b>9</b>.');
    expect(region.querySelector('b')).toBeNull();
  });

  it('shows the start of a long selection and says how long it is', () => {
    const root = mount(<SelectionNote selection={{ text: 'word '.repeat(800).trim(), title: '' }} />);
    expect(root.textContent).toContain('(3,999 characters)');
    expect(root.querySelector('blockquote')!.textContent!.length).toBeLessThan(300);
  });
});

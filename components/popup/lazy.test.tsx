// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../../tests/support/mount';
import { lazy } from './lazy';

const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>;

describe('lazy', () => {
  it('renders nothing until its code has loaded, then the part with its props; loads once', async () => {
    let arrive: (c: typeof Greeting) => void = () => {};
    const load = vi.fn(() => new Promise<typeof Greeting>((r) => (arrive = r)));
    const LazyGreeting = lazy(load);
    const root = mount(<LazyGreeting name="Ada" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalled());
    expect(root.textContent).toBe('');
    // A hidden mark says a part is still coming (what tests wait on before reading a region whole).
    expect(root.querySelector('[data-part-loading]')?.hasAttribute('hidden')).toBe(true);
    arrive(Greeting);
    await vi.waitFor(() => expect(root.textContent).toBe('Hello, Ada'));
    expect(root.querySelector('[data-part-loading]')).toBeNull();
    // Shown again: from the code already loaded, not loaded again.
    const again = mount(<LazyGreeting name="Grace" />);
    await vi.waitFor(() => expect(again.textContent).toBe('Hello, Grace'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again the next time it is shown when its code did not load', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn().mockRejectedValueOnce(new Error('gone')).mockResolvedValueOnce(Greeting);
    const LazyGreeting = lazy<{ name: string }>(load);
    const first = mount(<LazyGreeting name="Ada" />);
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    expect(first.textContent).toBe('');
    const second = mount(<LazyGreeting name="Ada" />);
    await vi.waitFor(() => expect(second.textContent).toBe('Hello, Ada'));
    expect(load).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});

// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { mount } from '../../tests/support/mount';
import { TabChooser } from './TabChooser';

const tabs = [
  { id: 1, title: 'City Museum – Opening hours', url: 'https://museum.example/hours', active: true },
  { id: 2, title: 'City Museum – Tickets', url: 'https://museum.example/tickets', active: false },
  { id: 3, title: 'Settings', url: 'chrome://settings', active: false },
];

const box = (root: HTMLElement, title: string) =>
  [...root.querySelectorAll('label')].find((l) => l.textContent === title)!.querySelector('input')!;

describe('TabChooser', () => {
  it('lists the window’s tabs as checkboxes named by their titles, the chosen ones ticked', () => {
    const root = mount(<TabChooser tabs={tabs} chosen={[2]} onChosen={vi.fn()} />);
    expect([...root.querySelectorAll('label')].map((l) => l.textContent)).toEqual(tabs.map((t) => t.title));
    expect(box(root, 'City Museum – Tickets').checked).toBe(true);
    expect(box(root, 'City Museum – Opening hours').checked).toBe(false);
  });

  it('ticks and unticks', () => {
    const onChosen = vi.fn();
    const root = mount(<TabChooser tabs={tabs} chosen={[2]} onChosen={onChosen} />);
    box(root, 'City Museum – Opening hours').click();
    expect(onChosen).toHaveBeenLastCalledWith([2, 1]);
    box(root, 'City Museum – Tickets').click();
    expect(onChosen).toHaveBeenLastCalledWith([]);
  });

  it('shows a tab it may not read disabled, described by the reason', () => {
    const root = mount(<TabChooser tabs={tabs} chosen={[3]} onChosen={vi.fn()} />);
    const settings = box(root, 'Settings');
    expect(settings.disabled).toBe(true);
    expect(settings.checked).toBe(false);
    expect(root.querySelector(`#${CSS.escape(settings.getAttribute('aria-describedby')!)}`)!.textContent).toMatch(
      /cannot be read by extensions/,
    );
  });

  it('shows page titles as text, never as markup', () => {
    const root = mount(
      <TabChooser
        tabs={[{ id: 9, title: '<img src=x onerror=alert(1)>', url: 'https://x.example/', active: false }]}
        chosen={[]}
        onChosen={vi.fn()}
      />,
    );
    expect(root.querySelector('img')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { watchChanges } from './change-watch';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('whether a frame changed since it was read', () => {
  it('has not, when nothing happened to it', async () => {
    document.body.innerHTML = '<p>The museum opens at 9 a.m.</p>';
    const watch = watchChanges(document);
    await tick();
    expect(watch.changed()).toBe(false);
    watch.stop();
  });

  it('has, after its text, its nodes or an attribute changed', async () => {
    for (const change of [
      (p: HTMLElement) => (p.firstChild!.textContent = 'The museum opens at 10 a.m.'),
      (p: HTMLElement) => p.append(document.createElement('span')),
      (p: HTMLElement) => p.setAttribute('hidden', ''),
    ]) {
      document.body.innerHTML = '<p>The museum opens at 9 a.m.</p>';
      const watch = watchChanges(document);
      change(document.querySelector('p')!);
      await tick();
      expect(watch.changed()).toBe(true);
    }
  });

  it('has, at once, after a change made in the same task (its record not yet delivered)', () => {
    document.body.innerHTML = '<p>The museum opens at 9 a.m.</p>';
    const watch = watchChanges(document);
    expect(watch.changed()).toBe(false);
    document.querySelector('p')!.firstChild!.textContent = 'The museum opens at 10 a.m.';
    expect(watch.changed()).toBe(true);
  });

  it('has, once the user selects or moves the focus', async () => {
    document.body.innerHTML = '<p>Words</p><input>';
    const watch = watchChanges(document);
    document.dispatchEvent(new Event('selectionchange'));
    expect(watch.changed()).toBe(true);
    const again = watchChanges(document);
    document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(again.changed()).toBe(true);
  });
});

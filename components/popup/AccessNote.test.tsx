// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { mount } from '@/tests/support/mount';
import { AccessNote } from './AccessNote';
import { ALL_SITES } from '@/lib/shared/access/site-access';

const need = { origins: [ALL_SITES], reason: 'window' as const, count: 3 };
const button = (root: HTMLElement, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('AccessNote', () => {
  it('says why before asking, and asks inside the click itself, for exactly the sites needed', () => {
    const request = vi.fn(() => new Promise<boolean>(() => {}));
    const root = mount(<AccessNote need={need} scope="window" request={request} onGranted={vi.fn()} onThisTab={vi.fn()} />);
    expect(root.textContent).toContain('other tabs of this window');
    expect(request).not.toHaveBeenCalled();
    button(root, 'Allow reading these sites').click();
    // Synchronously, in the gesture: no await comes before the browser's request.
    expect(request).toHaveBeenCalledWith([ALL_SITES]);
  });

  it('goes on with the question once the user allowed it', async () => {
    const granted = vi.fn();
    const root = mount(
      <AccessNote need={need} scope="window" request={() => Promise.resolve(true)} onGranted={granted} onThisTab={vi.fn()} />,
    );
    button(root, 'Allow reading these sites').click();
    await settle();
    expect(granted).toHaveBeenCalledTimes(1);
  });

  it('says a refusal plainly, as an alert, and offers this tab instead', async () => {
    const thisTab = vi.fn();
    const granted = vi.fn();
    const root = mount(
      <AccessNote need={need} scope="window" request={() => Promise.resolve(false)} onGranted={granted} onThisTab={thisTab} />,
    );
    button(root, 'Allow reading these sites').click();
    await settle();
    expect(granted).not.toHaveBeenCalled();
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toMatch(/not given.*question is kept/);
    button(root, 'Ask about this tab instead').click();
    expect(thisTab).toHaveBeenCalledTimes(1);
    expect(button(root, 'Ask for permission again')).toBeTruthy();
  });

  it('names the chosen tabs by their number', () => {
    const root = mount(
      <AccessNote
        need={{ origins: ['https://a.example/*'], reason: 'chosen', count: 2 }}
        scope="tabs"
        request={vi.fn()}
        onGranted={vi.fn()}
        onThisTab={vi.fn()}
      />,
    );
    expect(root.textContent).toContain('To read the 2 tabs you chose');
  });

  it('treats a failed request (no gesture, unknown pattern) as not allowed', async () => {
    const root = mount(
      <AccessNote
        need={need}
        scope="tabs"
        request={() => Promise.reject(new Error('no gesture'))}
        onGranted={vi.fn()}
        onThisTab={vi.fn()}
      />,
    );
    button(root, 'Allow reading these sites').click();
    await settle();
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/not given/);
  });
});

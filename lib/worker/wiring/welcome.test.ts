/** The welcome page opens on install only: an update keeps what the user set, and opens nothing. */
import { describe, expect, it, vi } from 'vitest';
import { WELCOME_PAGE, welcomeOnInstall } from './welcome';

describe('welcome on install', () => {
  it('opens the welcome page when the extension is installed', () => {
    const open = vi.fn(() => Promise.resolve());
    expect(welcomeOnInstall({ reason: 'install' }, open)).toBe(true);
    expect(open).toHaveBeenCalledWith(WELCOME_PAGE);
  });

  it('opens nothing on an update, a browser update or a shared module’s update', () => {
    const open = vi.fn(() => Promise.resolve());
    for (const reason of ['update', 'chrome_update', 'browser_update', 'shared_module_update'])
      expect(welcomeOnInstall({ reason }, open)).toBe(false);
    expect(open).not.toHaveBeenCalled();
  });
});

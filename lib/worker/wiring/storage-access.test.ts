import { describe, expect, it } from 'vitest';
import { closeStorageToContentScripts } from './storage-access';

describe('closeStorageToContentScripts', () => {
  it('asks every area the browser can close for trusted contexts only, and says which it could not', async () => {
    const asked: string[] = [];
    const area = (name: string) => ({
      setAccessLevel: async (o: { accessLevel: string }) => void asked.push(`${name}: ${o.accessLevel}`),
    });
    expect(await closeStorageToContentScripts({ local: area('local'), session: area('session') })).toEqual({
      local: true,
      session: true,
    });
    expect(asked.sort()).toEqual(['local: TRUSTED_CONTEXTS', 'session: TRUSTED_CONTEXTS']);
    // Firefox: no such call; an older Chrome: the call refuses the local area.
    const refusing = { setAccessLevel: () => Promise.reject(new Error('not supported for this area')) };
    expect(await closeStorageToContentScripts({ local: refusing, session: {} })).toEqual({ local: false, session: false });
  });
});

import { describe, expect, it } from 'vitest';
import { askedFromIncognito, incognitoPdfReason, mayProbeFromWorker, windowForReopen } from './incognito';

describe('incognito rules', () => {
  it('knows whether a question is incognito from its window, and counts a window it cannot find as incognito', async () => {
    expect(await askedFromIncognito(3, async () => ({ incognito: true }))).toBe(true);
    expect(await askedFromIncognito(3, async () => ({ incognito: false }))).toBe(false);
    expect(await askedFromIncognito(3, async () => Promise.reject(new Error('No window with id: 3.')))).toBe(true);
  });

  it('does not read a web PDF of an incognito tab with the regular profile’s cookies, and says why', () => {
    expect(incognitoPdfReason({ incognito: true, url: 'https://bank.example/statement.pdf' })).toMatch(
      /^Not read: a PDF in an incognito window would be fetched outside it/,
    );
    expect(incognitoPdfReason({ incognito: false, url: 'https://bank.example/statement.pdf' })).toBeNull();
    // A local file carries no cookies.
    expect(incognitoPdfReason({ incognito: true, url: 'file:///home/me/notes.pdf' })).toBeNull();
  });

  it('sends no request of its own for an incognito or sleeping tab', () => {
    expect(mayProbeFromWorker({ incognito: true })).toBe(false);
    expect(mayProbeFromWorker({ discarded: true })).toBe(false);
    expect(mayProbeFromWorker({ incognito: false, discarded: false })).toBe(true);
  });

  it('opens a closed citation’s page in its own window, and an incognito one in no other window', () => {
    expect(windowForReopen(9, true, true)).toBe(9);
    expect(windowForReopen(9, false, false)).toBe('any');
    expect(windowForReopen(9, false, true)).toBeNull();
  });
});

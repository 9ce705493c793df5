/**
 * The keys' move from the one record of version 1 to a key per origin, on samples of what today's
 * build stores (the IndexedDB record and the settings beside it): nothing lost, nothing confirmed
 * that was not.
 */
import { describe, expect, it } from 'vitest';
import { KEY_MIGRATIONS, checkedKeys, keysFromV1 } from './key-schema';
import { keyFor, keyVerdict } from './key-destination';
import { migrate } from './migrations';
import sample from './samples/keys-v1.json';

/** Version 1 as the start-up reads it: the record, and the base URL saved beside it. */
const v1 = (s: (typeof sample)['confirmed']) => ({ record: s.idb.apiKey, baseURL: s.storageLocal.settings.baseURL });

describe('keys of version 1 brought to version 2', () => {
  it('a confirmed key lands under the origin it was confirmed for, confirmed, and still goes there', () => {
    const moved = migrate(v1(sample.confirmed), 1, KEY_MIGRATIONS);
    expect(moved).toEqual({
      kind: 'current',
      from: 1,
      value: { 'https://api.anthropic.com': { key: 'sk-ant-api03-sample-confirmed', confirmed: true } },
    });
    const keys = moved.kind === 'current' ? checkedKeys(moved.value) : {};
    expect(keyFor({ server: 'anthropic', baseURL: 'https://api.anthropic.com' }, keys)).toBe('sk-ant-api03-sample-confirmed');
  });

  it('an unconfirmed key is kept under the base URL’s origin, still unconfirmed: nothing is sent', () => {
    const moved = migrate(v1(sample.unconfirmed), 1, KEY_MIGRATIONS);
    expect(moved.kind === 'current' && moved.value).toEqual({
      'https://api.openai.com': { key: 'sk-proj-sample-unconfirmed', confirmed: false },
    });
    const keys = moved.kind === 'current' ? checkedKeys(moved.value) : {};
    expect(keyVerdict({ server: 'openai', baseURL: 'https://api.openai.com/v1' }, keys)).toBe('unconfirmed');
  });

  it('a key confirmed for the API while a local server was chosen stays with the API, not the local server', () => {
    const moved = migrate(v1(sample.confirmedElsewhere), 1, KEY_MIGRATIONS);
    expect(moved.kind === 'current' && moved.value).toEqual({
      'https://api.anthropic.com': { key: 'sk-ant-api03-sample-elsewhere', confirmed: true },
    });
  });

  it('no record or an empty key: no keys; a record that does not read stops the step, changing nothing', () => {
    expect(keysFromV1({ record: undefined, baseURL: 'https://api.anthropic.com' })).toEqual({});
    expect(keysFromV1({ record: { key: '', origin: '' }, baseURL: 'https://api.anthropic.com' })).toEqual({});
    expect(migrate({ record: { key: 42 }, baseURL: '' }, 1, KEY_MIGRATIONS)).toMatchObject({ kind: 'failed', version: 1 });
    // An "origin" that is not one (written by hand) is no confirmation.
    expect(keysFromV1({ record: { key: 'k', origin: 'https://x.example/path' }, baseURL: 'https://x.example' })).toEqual({
      'https://x.example': { key: 'k', confirmed: false },
    });
  });

  it('a version newer than this build is kept as it is', () => {
    expect(migrate({}, 3, KEY_MIGRATIONS)).toEqual({ kind: 'newer', version: 3 });
  });
});

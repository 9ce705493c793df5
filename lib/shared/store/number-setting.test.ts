import { describe, expect, it } from 'vitest';
import { readNumberSetting } from './number-setting';

const budget = { min: 1000, max: 60_000 };

describe('readNumberSetting', () => {
  it('reads a value typed again after the field was emptied', () => {
    expect(readNumberSetting('6000', budget)).toEqual({ ok: true, value: 6000 });
    expect(readNumberSetting(' 6000 ', budget)).toEqual({ ok: true, value: 6000 });
  });

  it('an empty field is a problem, never the value it had before', () => {
    expect(readNumberSetting('', budget)).toEqual({ ok: false, problem: 'empty' });
  });

  it('a value out of range is said, not clamped into range', () => {
    expect(readNumberSetting('86000', budget)).toEqual({ ok: false, problem: 'out-of-range' });
    expect(readNumberSetting('999', budget)).toEqual({ ok: false, problem: 'out-of-range' });
    expect(readNumberSetting('1000', budget)).toEqual({ ok: true, value: 1000 });
    expect(readNumberSetting('60000', budget)).toEqual({ ok: true, value: 60000 });
  });

  it('text that is no number is said', () => {
    expect(readNumberSetting('e', budget)).toEqual({ ok: false, problem: 'not-a-number' });
  });
});

/**
 * The pseudo-locale (scripts/pseudo-locale.ts) stays a catalogue the browser loads and the code
 * can use: every message accented, about 40 % longer and marked at both ends, its placeholders
 * and `__MSG_` names untouched, `locale` still "en".
 */
import { describe, expect, it } from 'vitest';
import { englishCatalogue, pseudo, pseudoCatalogue, PSEUDO_END, PSEUDO_START } from '@/scripts/pseudo-locale';

const KEPT = /\$[1-9$]|__MSG_\w+__/g;

describe('the pseudo-locale', () => {
  it('accents the letters, marks both ends and leaves placeholders and __MSG_ names as they are', () => {
    expect(pseudo('Ask')).toMatch(/^⟦ȦȦşķ ẋ+⟧$/);
    expect(pseudo('Up to $1 characters.')).toMatch(/^⟦ŬŬƥ ŧǿǿ \$1 ƈħȧȧřȧȧƈŧḗḗřş\.( ẋ+)?⟧$/);
    expect(pseudo('Costs $$5, see __MSG_extName__').match(KEPT)).toEqual(['$$', '__MSG_extName__']);
  });

  it('makes every English message at least 40 % longer, with the same placeholders, and no plain letter left', () => {
    const en = englishCatalogue();
    const pseudoEn = pseudoCatalogue(en);
    expect(Object.keys(pseudoEn)).toEqual(Object.keys(en));
    expect(pseudoEn.locale).toEqual(en.locale);
    for (const [key, { message }] of Object.entries(en)) {
      if (key === 'locale') continue;
      const p = pseudoEn[key]!.message;
      expect(p.startsWith(PSEUDO_START) && p.endsWith(PSEUDO_END), key).toBe(true);
      expect([...p].length, key).toBeGreaterThanOrEqual(message.length * 1.4);
      expect(p.match(KEPT) ?? [], key).toEqual(message.match(KEPT) ?? []);
      expect(p.replace(KEPT, ''), key).not.toMatch(/[A-Za-z]/);
    }
  });
});

/**
 * Tests that show a caller asks the one table of rules of what a reader sees
 * (lib/shared/seen/seen.ts): the table changed for the length of one test, then put back.
 */
import { afterEach } from 'vitest';
import { rulesChanged } from '@/lib/shared/seen/seen';
import { SEEN_RULES } from '@/lib/shared/seen/rules';
import type { SeenRule } from '@/lib/shared/seen/measured';

const original = [...SEEN_RULES];

/** The table, as tests may change it (it is read-only to the product). */
const table = SEEN_RULES as SeenRule[];

/** Puts `rule` at the top of the table (first match wins) for the current test. */
export function addRule(rule: SeenRule): void {
  table.unshift(rule);
  rulesChanged();
}

/** Takes out of the table, for the current test, every row `which` picks; how many it took. */
export function removeRules(which: (rule: SeenRule) => boolean): number {
  const before = table.length;
  for (let i = table.length - 1; i >= 0; i--) if (which(table[i]!)) table.splice(i, 1);
  rulesChanged();
  return before - table.length;
}

/** Call once in a test file that changes the table: every test starts from the table as shipped. */
export function restoreRulesAfterEach(): void {
  afterEach(() => {
    table.splice(0, table.length, ...original);
    rulesChanged();
  });
}

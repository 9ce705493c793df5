/**
 * The pseudo-locale: English made to look foreign and longer, to find what a translation would
 * break before one is written. Each letter is accented (Ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑ: still
 * readable), each message made about 40 % longer (vowels doubled, then filler up to the length),
 * and marked at both ends by ⟦ and ⟧, so a label cut off shows its missing end. Placeholders
 * (`$1`, `$$`) and `__MSG_key__` names are left untouched, and `locale` stays "en": numbers and
 * plural forms keep working. `wxt build --mode pseudo` (npm run build:pseudo) writes it over the
 * build's English catalogue (wxt.config.ts), never into public/.
 *
 * Run directly (`tsx scripts/pseudo-locale.ts`), it prints the pseudo catalogue.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Catalogue = Record<string, { message: string; description?: string }>;

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'];
const VOWELS = new Set([...'aeiouyAEIOUY']);
/** Where a message starts and ends. */
export const PSEUDO_START = '⟦';
export const PSEUDO_END = '⟧';
/** How much longer a message becomes: about 40 %, as German or Russian often is. */
const GROWTH = 1.4;

/** What is left as it is: placeholders (`$1`, `$$`) and catalogue names (`__MSG_key__`). */
const KEPT = /(\$[1-9$]|__MSG_\w+__)/;

/** Text accented and its vowels doubled. */
function accent(text: string): string {
  let out = '';
  for (const ch of text) {
    const i = PLAIN.indexOf(ch);
    const a = i < 0 ? ch : ACCENTED[i]!;
    out += VOWELS.has(ch) ? a + a : a;
  }
  return out;
}

/** One message in the pseudo-locale. */
export function pseudo(message: string): string {
  const parts = message.split(KEPT);
  let body = parts.map((part, i) => (i % 2 === 1 ? part : accent(part))).join('');
  // Filler to about 40 % more than the English (counted in characters, placeholders as written).
  const want = Math.ceil(message.length * GROWTH);
  const missing = want - [...body].length;
  if (missing > 0) body += ` ${'ẋ'.repeat(Math.max(1, missing - 1))}`;
  return `${PSEUDO_START}${body}${PSEUDO_END}`;
}

/** The pseudo catalogue of an English one: every message but `locale`. */
export function pseudoCatalogue(english: Catalogue): Catalogue {
  const out: Catalogue = {};
  for (const [key, entry] of Object.entries(english)) {
    out[key] = key === 'locale' ? entry : { ...entry, message: pseudo(entry.message) };
  }
  return out;
}

/** The English catalogue as the repository has it. */
export function englishCatalogue(root = resolve(import.meta.dirname, '..')): Catalogue {
  return JSON.parse(readFileSync(resolve(root, 'public/_locales/en/messages.json'), 'utf8')) as Catalogue;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(pseudoCatalogue(englishCatalogue()), null, 2)}\n`);
}

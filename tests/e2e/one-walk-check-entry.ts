/**
 * Bundled into test pages by one-walk-check.test.ts: a page read and checked both ways the page
 * script does it, a reading then the check of every passage (two walks), and one walk that reads
 * and checks (lib/page/read/extract.ts `check`), each with what it would send. Both verdicts are settled
 * as entrypoints/page-reader.ts settles them: words over a picture not read yet wait for its pixels.
 */
import { extractPage } from '@/lib/page/read/extract';
import { checkPassagesSettled, settledVerdict, type PassageVerdict, type PassageWords } from '@/lib/page/read/passage-check';

export interface Reading {
  passages: Array<{ id: string; text: string; heading?: string }>;
  verdict: PassageVerdict;
  /** The text that would be sent: each passage as the verdict leaves it. */
  sent: string;
}

function sent(passages: Reading['passages'], verdict: PassageVerdict): string {
  const hidden = new Set(verdict.hidden);
  const cut = new Map(verdict.cut.map((c) => [c.id, c.text]));
  return passages
    .filter((p) => !hidden.has(p.id))
    .map((p) => cut.get(p.id) ?? p.text)
    .join('\n');
}

function sorted(v: PassageVerdict): PassageVerdict {
  return {
    hidden: [...v.hidden].sort(),
    cut: [...v.cut].sort((a, b) => a.id.localeCompare(b.id)),
    noHeading: [...v.noHeading].sort(),
  };
}

export async function bothWays(): Promise<{ twoWalks: Reading; oneWalk: Reading }> {
  let words: PassageWords | undefined;
  const read = extractPage(document, { onWords: (w) => (words = w) });
  const ids = read.passages.map((p) => p.id);
  const apart = sorted(await checkPassagesSettled(document, words!, ids));
  let checked: PassageVerdict | undefined;
  let wholeWords: PassageWords | undefined;
  const whole = extractPage(document, { check: true, onWords: (w) => (wholeWords = w), onChecked: (v) => (checked = v) });
  const wholeIds = whole.passages.map((p) => p.id);
  const one = sorted(await settledVerdict(document, wholeWords!, wholeIds, checked!));
  return {
    twoWalks: { passages: read.passages, verdict: apart, sent: sent(read.passages, apart) },
    oneWalk: { passages: whole.passages, verdict: one, sent: sent(whole.passages, one) },
  };
}

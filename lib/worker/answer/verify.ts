/**
 * The verifier: every citation's index exists, its literal is long enough to prove something, and
 * it appears in that fragment after one normalisation. Pure, so every rule is tested on its own.
 */
import { normalize } from '@/lib/shared/text/normalize';
import type { ModelAnswer } from '@/lib/worker/model/schema';
import type { Problem } from '@/lib/shared/answer/run';
import { DEFAULT_MIN_LITERAL_LENGTH } from '@/lib/shared/store/settings';
import { repairCitation, unwrap, type Repair, type RepairFragment } from './repair';
import { closestSentences } from './suggest';

/** What the verifier needs of each numbered fragment. */
export interface VerifiableFragment {
  index: number;
  text: string;
  /** The fragment whose passage follows this one in the same frame, when it was sent too. */
  next?: number;
  /** A passage sent with its neighbour: where in `text` each member after the first starts. */
  seams?: number[];
}

/** A citation that passed only once repaired (lib/worker/answer/repair.ts). */
export interface RepairedCitation {
  claim: number;
  citation: number;
  repair: Repair;
}

export interface Verification {
  problems: Problem[];
  /** Per claim: true when the claim and every one of its citations passed. */
  claimOk: boolean[];
  /** The citations that passed once repaired, in claim order. */
  repairs: RepairedCitation[];
}

// The prompt escapes page text as XML, so a model may copy `&lt;` where the page says `<`.
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };
function decodeXmlEntities(s: string): string {
  return s.replace(/&(?:lt|gt|quot|apos|amp);/g, (e) => ENTITIES[e]!);
}

/**
 * Checks every citation of a model answer against the fragments that were sent. Pure: the same
 * answer and fragments always give the same problems, in claim order.
 */
export function verifyAnswer(
  answer: ModelAnswer,
  fragments: VerifiableFragment[],
  minLiteralLength = DEFAULT_MIN_LITERAL_LENGTH,
): Verification {
  const problems: Problem[] = [];
  const byIndex = new Map<number, string>();
  const forRepair = new Map<number, RepairFragment>();
  const raw = new Map<number, string>();
  for (const f of fragments) {
    const text = normalize(f.text);
    byIndex.set(f.index, text);
    raw.set(f.index, f.text);
    const starts = f.seams ? passageStarts(f.text, text, f.seams) : undefined;
    forRepair.set(f.index, {
      index: f.index,
      text,
      ...(f.next !== undefined ? { next: f.next } : {}),
      ...(starts !== undefined ? { starts } : {}),
    });
  }
  const repairs: RepairedCitation[] = [];

  if (answer.no_information) {
    if (answer.claims.length > 0) {
      problems.push({
        kind: 'claims-with-no-information',
        message:
          'no_information is true but claims were given: either answer with cited claims or set no_information with no claims.',
      });
    }
    return { problems, claimOk: answer.claims.map(() => false), repairs };
  }
  if (answer.claims.length === 0) {
    problems.push({
      kind: 'no-claims',
      message: 'no_information is false but there are no claims.',
    });
  }

  const claimOk = answer.claims.map((claim, c) => {
    if (claim.citations.length === 0) {
      problems.push({ kind: 'no-citations', claim: c, message: `Claim ${c + 1} has no citation.` });
      return false;
    }
    let ok = true;
    claim.citations.forEach((cit, k) => {
      const problem = checkCitation(cit.index, cit.literal, byIndex, minLiteralLength);
      if (!problem) return;
      const repair =
        problem.kind === 'not-in-fragment' || problem.kind === 'unknown-index'
          ? repairCitation(cit.index, cit.literal, forRepair, minLiteralLength)
          : null;
      if (repair) {
        repairs.push({ claim: c, citation: k, repair });
        return;
      }
      ok = false;
      const hint = problem.kind === 'not-in-fragment' ? didYouMean(cit.literal, raw.get(cit.index)!) : '';
      problems.push({
        ...problem,
        message: problem.message + hint,
        claim: c,
        citation: k,
        index: cit.index,
        literal: cit.literal,
      });
    });
    return ok;
  });
  return { problems, claimOk, repairs };
}

/**
 * Where each member passage after the first starts in `normalised` (the normalised `raw`), from
 * where they start in `raw` (`seams`); null when a member's words cannot be placed: its passages
 * cannot be told apart, and every join in it is refused.
 */
function passageStarts(raw: string, normalised: string, seams: number[]): number[] | null {
  const out: number[] = [];
  let from = 0;
  const cuts = [...seams, raw.length];
  for (let i = 0; i < seams.length; i++) {
    const member = normalize(raw.slice(seams[i]!, cuts[i + 1]));
    const at = member ? normalised.indexOf(member, from) : -1;
    if (at < 0) return null;
    out.push(at);
    from = at + member.length;
  }
  return out;
}

/** The retry's hint: the fragment's own sentence(s) closest to the failed quote. */
function didYouMean(literal: string, fragment: string): string {
  const closest = closestSentences(unwrap(literal).text, fragment);
  return closest ? ` Did you mean: "${closest}"? Copy it exactly, or drop the claim.` : '';
}

function checkCitation(
  index: number,
  literal: string,
  fragments: Map<number, string>,
  minLength: number,
): Pick<Problem, 'kind' | 'message'> | null {
  const fragment = fragments.get(index);
  if (fragment === undefined) {
    return { kind: 'unknown-index', message: `Document ${index} does not exist.` };
  }
  const candidates = [...new Set([normalize(literal), normalize(decodeXmlEntities(literal))])];
  if (candidates[0] === '') {
    return { kind: 'empty-literal', message: `The quote from document ${index} is empty.` };
  }
  if (candidates.every((c) => c.length < minLength)) {
    return {
      kind: 'too-short',
      message: `The quote "${literal}" is shorter than ${minLength} characters: quote a longer phrase.`,
    };
  }
  if (!candidates.some((c) => c.length >= minLength && fragment.includes(c))) {
    return {
      kind: 'not-in-fragment',
      message: `The quote "${literal}" does not appear word for word in document ${index}.`,
    };
  }
  return null;
}

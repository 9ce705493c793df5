/**
 * Claims shown as they are verified: while the answer streams, each claim whose JSON object has
 * closed is checked by the verifier (the same public entry as the whole answer, so its rules and
 * repairs apply alike) and, verified, shown at once. A broken claim is not shown: it waits for
 * the end of the reply and the usual retry. Once shown, a claim stays: the final answer keeps
 * every claim shown early, in its place (`keepShown`). Pure: text in, claims out.
 */
import type { ShownClaim } from '@/lib/shared/answer/run';
import { claimStream } from './claim-stream';
import { claimSchema, type Claim } from '@/lib/worker/model/schema';
import { verifyAnswer, type RepairedCitation, type VerifiableFragment } from './verify';

export interface EarlyClaimsOptions {
  fragments: VerifiableFragment[];
  minLiteralLength: number;
  /** A verified claim as the popup shows it, with its sources and the verifier's repairs. */
  toShown: (claim: Claim, repairs: RepairedCitation[]) => ShownClaim;
  /** Every claim verified so far, in the answer's order, each time one more is. */
  onShown: (claims: ShownClaim[]) => void;
  /**
   * Whether the verified claim's quotes are drawn in their pages (lib/worker/answer/seen-check.ts): a
   * claim is shown only once proven. Without it, a verified claim is shown at once.
   */
  prove?: (claim: ShownClaim) => Promise<boolean>;
}

export interface EarlyClaims {
  /** The next piece of the reply's text. */
  write(delta: string): void;
  /** The claims shown so far, in the answer's order. */
  shown(): ShownClaim[];
  /** Resolves once every claim verified so far is shown or left out (its proof done). */
  settled(): Promise<void>;
}

export function earlyClaims(options: EarlyClaimsOptions): EarlyClaims {
  const byPosition = new Map<number, ShownClaim>();
  const proving: Array<Promise<void>> = [];
  const ordered = () => [...byPosition].sort(([a], [b]) => a - b).map(([, c]) => c);
  const show = (position: number, claim: ShownClaim) => {
    byPosition.set(position, claim);
    options.onShown(ordered());
  };
  const stream = claimStream((value, position) => {
    if (byPosition.has(position)) return;
    const parsed = claimSchema.safeParse(value);
    if (!parsed.success) return;
    const check = verifyAnswer({ no_information: false, claims: [parsed.data] }, options.fragments, options.minLiteralLength);
    if (!check.claimOk[0]) return;
    const claim = options.toShown(parsed.data, check.repairs);
    if (!options.prove) return show(position, claim);
    // A claim not proven drawn waits for the end of the reply, as a broken one does.
    proving.push(
      options.prove(claim).then(
        (ok) => (ok ? show(position, claim) : undefined),
        () => undefined,
      ),
    );
  });
  return {
    write: (delta) => stream.write(delta),
    shown: ordered,
    settled: async () => {
      await Promise.all(proving);
    },
  };
}

const sameWords = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');
const quotes = (c: ShownClaim) =>
  c.citations
    .map((q) => `${q.index}\u0000${q.literal}`)
    .sort()
    .join('\u0001');

/** The same claim: the same words, or the same quotes of the same fragments. */
export function sameClaim(a: ShownClaim, b: ShownClaim): boolean {
  return sameWords(a.text, b.text) || quotes(a) === quotes(b);
}

/**
 * The final claims, keeping every claim shown early where it was: the later answer's verified
 * claims (the whole reply, or the retry's) that are not already shown go in after the shown
 * claim they followed there, so nothing shown moves or goes, and the order is the answer's.
 */
export function keepShown(shown: ShownClaim[], later: ShownClaim[]): ShownClaim[] {
  if (shown.length === 0) return later;
  const out = [...shown];
  let after = -1;
  for (const claim of later) {
    const at = out.findIndex((c) => sameClaim(c, claim));
    if (at >= 0) {
      after = Math.max(after, at);
      continue;
    }
    out.splice(after + 1, 0, claim);
    after++;
  }
  return out;
}

/**
 * The last step of the pipeline: the verified claims as shown (every claim shown while the reply
 * streamed kept in its place), then, when the judge is enabled, each marked or dropped by its
 * verdict. The judge is a second opinion: when it fails, the verified answer stands, every claim
 * said "not checked".
 */
import type { Outcome, ShownClaim } from '@/lib/shared/answer/run';
import { applyVerdicts, judgeClaims, markUnchecked } from './judge';
import { keepShown } from './early-claims';
import type { AskRun } from './ask-run';

/** The answer as shown, after the judge (when enabled) has marked or dropped unsupported claims. */
export async function judgedAnswer(
  run: AskRun,
  verified: ShownClaim[],
  droppedClaims: number,
  retried: boolean,
): Promise<Outcome> {
  const { deps, checks } = run;
  // Nothing shown while the reply streamed is taken back: it keeps its place among the final claims.
  const claims = keepShown(run.early?.shown() ?? [], verified);
  const answer: Outcome = { kind: 'answer', claims, droppedClaims, retried, checks };
  if (!deps.judge) return answer;
  deps.onStage?.('judging');
  const verdicts = await judgeClaims(claims, deps.judge.call).catch(async (err: unknown) => {
    // The judge is a second opinion: its failure leaves the verified answer standing.
    await deps.log({
      at: deps.now(),
      question: run.input.question,
      sites: run.sites,
      attempts: [],
      outcome: 'error',
      detail: `judge: ${err instanceof Error ? err.message : String(err)}`,
    });
    return null;
  });
  // A judge that failed leaves every claim "not checked", never looking checked.
  if (!verdicts)
    return {
      ...answer,
      claims: markUnchecked(claims),
      judged: { policy: deps.judge.policy, unsupported: 0, unchecked: claims.length },
    };
  const judged = applyVerdicts(claims, verdicts, deps.judge.policy);
  if (judged.claims.length === 0) return { kind: 'abstain', reason: 'unsupported', retried, checks };
  return {
    ...answer,
    claims: judged.claims,
    judged: {
      policy: deps.judge.policy,
      unsupported: judged.unsupported,
      ...(judged.unchecked > 0 ? { unchecked: judged.unchecked } : {}),
    },
  };
}

/**
 * The ask pipeline: prompt, model call, verification, one retry, trim or abstain. It takes the
 * model call, clock and log as arguments, so every decision is tested without a browser or network.
 * Its pieces: the run and one attempt (ask-run.ts), the retry's verdict (retry-verdict.ts), the
 * judge at the end (judged-answer.ts).
 */
import { addUsage, NO_USAGE } from '@/lib/shared/answer/usage';
import type { CitationChecks, Outcome } from '@/lib/shared/answer/run';
import { ModelReplyError, type ModelCall } from '@/lib/worker/model/call';
import { t } from '@/lib/shared/core/i18n';
import { attemptAnswer, startRun, withReplyErrorsLogged, type Attempt, type AskRun } from './ask-run';
import { judgedAnswer } from './judged-answer';
import { retryVerdict } from './retry-verdict';
import { show } from './shown-claims';
import type { AskDeps, AskInput } from './ask-input';

/** The pipeline, with the tokens of its model calls (the judge's too) added up in the outcome. */
export async function answerQuestion(input: AskInput, deps: AskDeps): Promise<Outcome> {
  let usage = NO_USAGE;
  const counted =
    (call: ModelCall): ModelCall =>
    async (messages, onText) => {
      const reply = await call(messages, onText);
      if (reply.usage) usage = addUsage(usage, reply.usage);
      return reply;
    };
  const outcome = await answerChecked(input, {
    ...deps,
    callModel: counted(deps.callModel),
    ...(deps.judge ? { judge: { ...deps.judge, call: counted(deps.judge.call) } } : {}),
  });
  return usage.calls > 0 ? { ...outcome, usage } : outcome;
}

/** The first attempt; its answer when every citation passed, else the retry. */
async function answerChecked(input: AskInput, deps: AskDeps): Promise<Outcome> {
  const checks: CitationChecks = { citations: 0, broken: 0 };
  if (input.passages.length === 0) return { kind: 'abstain', reason: 'no-relevant-passages', retried: false, checks };
  const run = startRun(input, deps, checks);
  deps.onStage?.('asking');
  let first: Attempt;
  try {
    first = await withReplyErrorsLogged(run, () =>
      attemptAnswer(run, run.prompt.first(run.fragments, input.question, input.groups, input.history), run.early),
    );
  } catch (err) {
    // Cut short or refused after some claims were verified and shown: those claims are the answer.
    if (!(err instanceof ModelReplyError) || (run.early?.shown().length ?? 0) === 0) throw err;
    return judgedAnswer(run, [], 0, false);
  }
  if (first.problems.length === 0) {
    if (first.answer!.no_information) return { kind: 'abstain', reason: 'no-information', retried: false, checks };
    return judgedAnswer(run, show(first.answer!, first.claimOk, run.fragments, first.repairs), 0, false);
  }
  run.attempts.push(first.problems);
  return answerRetried(run, first);
}

/** The one retry, told the first attempt's problems, and what its reply makes of the answer. */
async function answerRetried(run: AskRun, first: Attempt): Promise<Outcome> {
  const { input, deps, checks } = run;
  deps.onStage?.('retrying');
  // Claims shown while the first reply streamed stand whatever the retry brings.
  const shownEarly = run.early?.shown().length ?? 0;
  const keptEarly = async (detail: string) => {
    await run.log('dropped-claims', detail);
    return judgedAnswer(run, [], (first.answer?.claims.length ?? shownEarly) - shownEarly, true);
  };
  let second: Attempt;
  try {
    second = await withReplyErrorsLogged(run, () =>
      attemptAnswer(
        run,
        run.prompt.retry(
          run.fragments,
          input.question,
          first.reply.transcript ?? first.reply.text,
          first.problems,
          input.groups,
          input.history,
        ),
      ),
    );
  } catch (err) {
    // A reply that cannot be used (cut short, refused) leaves the verified claims standing; a
    // failure of the call itself, or Cancel, ends the question as before (the screens keep
    // showing the claims they had).
    if (shownEarly === 0 || !(err instanceof ModelReplyError)) throw err;
    return keptEarly(`the retry could not be used (${err.kind}); the claims verified first stand`);
  }
  if (second.problems.length > 0) run.attempts.push(second.problems);
  const kept = second.answer ? show(second.answer, second.claimOk, run.fragments, second.repairs) : [];
  const verdict = retryVerdict(second, kept.length, shownEarly);
  switch (verdict.kind) {
    case 'keep-early':
      return keptEarly(verdict.detail);
    case 'malformed':
      await run.log('error', 'The reply was malformed twice.');
      throw new ModelReplyError('malformed', t('errorMalformed'));
    case 'abstain':
      await run.log('abstained', verdict.detail);
      return { kind: 'abstain', reason: verdict.reason, retried: true, checks };
    case 'show':
      await run.log(verdict.outcome, verdict.detail);
      return judgedAnswer(run, kept, verdict.dropped, true);
  }
}

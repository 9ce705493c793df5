/**
 * Claude's part of a question (or a local server's): the answer pipeline on the plan's fragments,
 * with the model calls its settings ask for (structured output or native citations, the judge or
 * not, a local model's time limit and answer cap), progress reported to the run as it comes. A
 * request the API finds too large (token estimates can be wrong for unusual text) is asked again
 * once with the better half of the fragments. The model call and the pipeline are passed in, so
 * every decision here is tested without a network.
 */
import type { FailureLogEntry, Outcome, ShownClaim } from '@/lib/shared/answer/run';
import { isLocalKind } from '@/lib/shared/servers/servers';
import { judgeFor, type Settings } from '@/lib/shared/store/settings';
import type { RunPlan, RunProgress, Scope } from '@/lib/shared/answer/run-state';
import { ANSWER_REQUEST, JUDGE_REQUEST, NATIVE_ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import type { AskDeps, AskInput } from '@/lib/worker/answer/ask-input';
import type { CallOptions, ModelCall, ModelRequest } from '@/lib/worker/model/call';
import { chatFailure } from '@/lib/worker/model/chat-errors';
import type { TransportSettings } from '@/lib/worker/model/transport';
import { isTooLarge } from '@/lib/worker/model/errors';
import { localFailure } from '@/lib/worker/model/local-errors';
import { nativePrompt } from '@/lib/worker/model/native-citations';
import type { ServerPlan } from '@/lib/worker/model/server-plan';
import { seenInPages } from '@/lib/worker/read/seen-pages';

export type Plan = RunPlan;

export interface ModelStepDeps {
  /** The transport the server speaks (model/transport.ts `modelCall`: Messages or Chat Completions). */
  makeCall(settings: TransportSettings, request: ModelRequest, options: CallOptions): ModelCall;
  /** The pipeline (answer/pipeline.ts `answerQuestion`). */
  answer(input: AskInput, deps: AskDeps): Promise<Outcome>;
  /** A progress report to the run; never awaited, never fatal. */
  report(patch: RunProgress): void;
  log(entry: FailureLogEntry): Promise<void>;
  /** The plan of the same turn with half the budget (prompt/thread-plan.ts over the thread's turns). */
  halve(plan: Plan): Promise<Plan>;
  /** The halved plan, kept in the run before it is sent. */
  replanned(plan: Plan): Promise<void>;
  now(): number;
  signal: AbortSignal;
}

/**
 * Model-call options that report to the popup through the run state: the countdown before a
 * retry, and the answer's characters as they stream in (at most a few writes a second).
 */
export function progressOptions(deps: Pick<ModelStepDeps, 'report' | 'now' | 'signal'>): CallOptions {
  let lastWrite = 0;
  return {
    signal: deps.signal,
    onWait: (ms) => deps.report({ stage: 'waiting', retryAt: deps.now() + ms }),
    onText: (chars) => {
      const now = deps.now();
      if (now - lastWrite < 300) return;
      lastWrite = now;
      deps.report({ stage: 'asking', received: chars });
    },
  };
}

/** What the pipeline is given to call: the answer's model (and the judge's), the log, the reports. */
export function pipelineDeps(settings: Settings, server: ServerPlan, scope: Scope, deps: ModelStepDeps): AskDeps {
  const { local } = server;
  const judge = judgeFor(settings.judge, scope);
  // A local model may take long to load: its own time limit (a setting), and its own answer path.
  const options = {
    ...progressOptions(deps),
    ...(local ? { timeoutMs: local.timeoutMs } : {}),
    ...(server.onSchemaRefused ? { onSchemaRefused: server.onSchemaRefused } : {}),
  };
  const model = { ...settings, answerPath: server.answerPath, ...(local ? { maxTokens: local.maxTokens } : {}) };
  // Native citations are the Messages API's own: never through Chat Completions.
  const native = settings.citationMode === 'native' && settings.api !== 'chat' && !(local && isLocalKind(local.kind));
  return {
    ...(native
      ? { callModel: deps.makeCall(model, NATIVE_ANSWER_REQUEST, options), prompt: nativePrompt }
      : { callModel: deps.makeCall(model, ANSWER_REQUEST, options) }),
    ...(judge !== 'off'
      ? { judge: { call: deps.makeCall({ ...model, model: settings.judgeModel }, JUDGE_REQUEST, options), policy: judge } }
      : {}),
    log: deps.log,
    now: deps.now,
    // A local model's first word may be tens of seconds away: "Waiting for the model to start…".
    onStage: (stage) => deps.report({ stage: local && stage === 'asking' ? 'starting' : stage, received: 0 }),
    onReplyShape: server.onReplyShape,
    // A quote is shown only once its live page proves it drawn for a reader.
    checkSeen: seenInPages(deps.signal),
    // Structured output streams the answer's JSON: each claim is shown once verified. (Native
    // citations come as prose, read whole at the end.)
    ...(settings.citationMode !== 'native' ? { onClaims: (claims: ShownClaim[]) => deps.report({ claims }) } : {}),
  };
}

/** The plan asked, and asked again halved if too large: the outcome, and the plan that was sent. */
export async function askModel(
  question: string,
  plan: Plan,
  settings: Settings,
  server: ServerPlan,
  scope: Scope,
  deps: ModelStepDeps,
): Promise<{ outcome: Outcome; sent: Plan }> {
  const { local } = server;
  const pipeline = pipelineDeps(settings, server, scope, deps);
  const ask = (p: Plan) =>
    deps
      .answer(
        {
          question,
          passages: p.passages,
          groups: p.groups,
          ...(p.history ? { history: p.history } : {}),
          minLiteralLength: settings.minQuoteLength,
        },
        pipeline,
      )
      .catch((err: unknown) => {
        throw (local && localFailure(err, local, p !== plan)) || (server.provider && chatFailure(err, server.provider)) || err;
      });
  let sent = plan;
  const outcome = await ask(plan).catch(async (err: unknown) => {
    if (!isTooLarge(err)) throw err;
    await deps.log({
      at: deps.now(),
      question,
      sites: [],
      attempts: [],
      outcome: 'error',
      detail: `too-large: asked again with half the budget${local ? ` (context of ${local.contextTokens} tokens)` : ''}`,
    });
    sent = await deps.halve(plan);
    await deps.replanned(sent);
    return ask(sent);
  });
  return { outcome, sent };
}

/**
 * The requests the extension makes of Claude, each with its system prompt and the shape of its
 * reply. The transport (claude.ts) knows none of them: it sends what its caller gives it.
 */
import type { ModelRequest } from '@/lib/worker/model/call';
import { JUDGE_SYSTEM_PROMPT, verdictSchema } from '@/lib/worker/answer/judge';
import { answerFromNativeBlocks, NATIVE_SYSTEM_PROMPT, nativeTranscript } from '@/lib/worker/model/native-citations';
import { SYSTEM_PROMPT } from '@/lib/worker/prompt/prompt';
import { answerSchema } from '@/lib/worker/model/schema';

/** The answer, as structured output: claims citing `{index, literal}`, or "no information". */
export const ANSWER_REQUEST: ModelRequest = { system: SYSTEM_PROMPT, schema: answerSchema };

/**
 * The answer with the API's native document citations (no structured output: the API refuses
 * both at once); the cited text blocks become the same answer JSON the pipeline parses.
 */
export const NATIVE_ANSWER_REQUEST: ModelRequest = {
  system: NATIVE_SYSTEM_PROMPT,
  read: (content) => ({ text: JSON.stringify(answerFromNativeBlocks(content)), transcript: nativeTranscript(content) }),
};

/** The support check: whether each claim's verified quotes support it. */
export const JUDGE_REQUEST: ModelRequest = { system: JUDGE_SYSTEM_PROMPT, schema: verdictSchema };

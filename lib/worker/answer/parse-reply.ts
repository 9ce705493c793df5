/**
 * The model's reply read as an answer: a reply cut short or refused is an error said to the user;
 * one whose JSON is missing or off the schema is a problem the retry names.
 */
import { answerSchema, type ModelAnswer } from '@/lib/worker/model/schema';
import { findReplyJson, type ReplyShape } from '@/lib/worker/model/reply-json';
import type { Problem } from '@/lib/shared/answer/run';
import { ModelReplyError, type ModelReply } from '@/lib/worker/model/call';
import { t } from '@/lib/shared/core/i18n';

type Parsed = { ok: true; answer: ModelAnswer; shape: ReplyShape } | { ok: false; problem: Problem };

export function parseReply(reply: ModelReply): Parsed {
  if (reply.stopReason === 'max_tokens' || reply.stopReason === 'model_context_window_exceeded') {
    throw new ModelReplyError('truncated', t('errorTruncated'));
  }
  if (reply.stopReason === 'refusal') {
    const why = reply.stopExplanation ? ` ${reply.stopExplanation}` : '';
    throw new ModelReplyError('refused', t('errorRefused', why));
  }
  // The bare JSON asked for, or the answer object in a fenced block or between sentences
  // (lib/worker/model/reply-json.ts), read with the same schema either way.
  const found = findReplyJson(reply.text, answerSchema);
  if (found.ok) return { ok: true, answer: found.value, shape: found.shape };
  if (found.reason === 'not-json') return { ok: false, problem: { kind: 'no-claims', message: 'The reply was not valid JSON.' } };
  return { ok: false, problem: { kind: 'no-claims', message: `The reply did not match the schema (${found.detail}).` } };
}

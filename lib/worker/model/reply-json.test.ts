/** Replies that ignore the schema: each shape a model writes its JSON in, found or refused. */
import { describe, expect, it } from 'vitest';
import { findReplyJson, topLevelObjects } from './reply-json';
import { answerSchema } from './schema';
import { parseReply } from '@/lib/worker/answer/parse-reply';

const answer = {
  no_information: false,
  claims: [{ text: 'It opens at 9.', citations: [{ index: 2, literal: 'The museum opens at 9 a.m. {daily}' }] }],
};
const json = JSON.stringify(answer, null, 2);

describe('the answer object in a reply that is not bare JSON', () => {
  it('reads the bare JSON asked for as such', () => {
    expect(findReplyJson(JSON.stringify(answer), answerSchema)).toEqual({ ok: true, value: answer, shape: 'bare' });
  });

  it('reads a fenced json block after a sentence of the model’s own', () => {
    const text = `Here is the answer based on the documents:\n\n\`\`\`json\n${json}\n\`\`\``;
    expect(findReplyJson(text, answerSchema)).toEqual({ ok: true, value: answer, shape: 'fenced' });
  });

  it('reads a fence with no language, with a sentence after it too', () => {
    const text = `Sure.\n\`\`\`\n${json}\n\`\`\`\nLet me know if you need more.`;
    expect(findReplyJson(text, answerSchema)).toMatchObject({ ok: true, value: answer, shape: 'fenced' });
  });

  it('reads one object between two sentences, braces inside its strings included', () => {
    const text = `The answer is ${JSON.stringify(answer)} as the page says.`;
    expect(findReplyJson(text, answerSchema)).toEqual({ ok: true, value: answer, shape: 'embedded' });
  });

  it('skips a stray brace and an object of another shape to find the answer', () => {
    const text = `Using {index} numbers: {"note": "not it"} then ${JSON.stringify(answer)}`;
    expect(findReplyJson(text, answerSchema)).toMatchObject({ ok: true, value: answer });
  });

  it('says the schema did not match when JSON was found but is not an answer', () => {
    const found = findReplyJson('```json\n{"claims": "none"}\n```', answerSchema);
    expect(found).toMatchObject({ ok: false, reason: 'schema' });
    expect(found.ok ? '' : found.detail).toContain('claims');
  });

  it('says there is no JSON in prose alone, or in an object cut off', () => {
    expect(findReplyJson('The pages say the museum opens at 9.', answerSchema)).toEqual({ ok: false, reason: 'not-json' });
    expect(findReplyJson(`Here: ${json.slice(0, 40)}`, answerSchema)).toEqual({ ok: false, reason: 'not-json' });
  });

  it('finds top-level objects only, not the ones nested in them', () => {
    expect(topLevelObjects('a {"x": {"y": "}"}} b {"z": 1}')).toEqual(['{"x": {"y": "}"}}', '{"z": 1}']);
  });
});

describe('parseReply with a reply that ignores the schema', () => {
  it('verifies the fenced answer as usual and says how it came', () => {
    const parsed = parseReply({ text: `Answer:\n\`\`\`json\n${json}\n\`\`\``, stopReason: 'end_turn' });
    expect(parsed).toEqual({ ok: true, answer, shape: 'fenced' });
  });

  it('still explains prose as unreadable', () => {
    const parsed = parseReply({ text: 'I cannot produce JSON.', stopReason: 'end_turn' });
    expect(parsed).toEqual({ ok: false, problem: { kind: 'no-claims', message: 'The reply was not valid JSON.' } });
  });
});

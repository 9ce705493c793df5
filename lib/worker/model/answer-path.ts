/**
 * The two ways of asking for the answer's JSON: structured output (`output_config.format`, which
 * the Anthropic API enforces), or the shape written in the system prompt for a server that
 * ignores `output_config` (Ollama's, LM Studio's and llama.cpp's Messages endpoints do), whose
 * reply is then found in the model's text (lib/worker/model/reply-json.ts).
 */
export type { AnswerPath } from '@/lib/shared/servers';

/** The instruction appended to the system prompt on the prompt path: the schema, and JSON only. */
export function schemaInstruction(jsonSchema: unknown): string {
  return [
    'Reply with one JSON object and nothing else: no sentence before or after it, no code fence.',
    'The object must match this JSON schema:',
    JSON.stringify(jsonSchema),
  ].join('\n');
}

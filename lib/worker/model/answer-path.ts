/**
 * The two ways of asking for the answer's JSON: structured output (`output_config.format`, which
 * the Anthropic API enforces), or the shape written in the system prompt for a server that
 * ignores `output_config` (Ollama's, LM Studio's and llama.cpp's Messages endpoints do), whose
 * reply is then found in the model's text (lib/worker/model/reply-json.ts).
 */
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type * as z from 'zod';

/**
 * The JSON schema of a reply's zod schema, as both APIs' strict structured output takes it (every
 * object closed, every property required). Only the schema, not the SDK's auto-parsing wrapper:
 * with it a refused, truncated or malformed reply would be thrown away; the pipeline parses it.
 */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return zodOutputFormat(schema).schema as Record<string, unknown>;
}

/** The instruction appended to the system prompt on the prompt path: the schema, and JSON only. */
export function schemaInstruction(jsonSchema: unknown): string {
  return [
    'Reply with one JSON object and nothing else: no sentence before or after it, no code fence.',
    'The object must match this JSON schema:',
    JSON.stringify(jsonSchema),
  ].join('\n');
}

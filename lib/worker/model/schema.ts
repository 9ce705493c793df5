/** The answer's shape as the model must give it, for structured output and for our own check. */
import * as z from 'zod';

/**
 * What Claude must answer. The SDK turns this into the JSON schema of `output_config.format`;
 * it moves bounds like `.min()` into descriptions, so our own `safeParse` is what enforces them.
 */
export const citationSchema = z.object({
  index: z.number().int().min(1).describe('The index attribute of the document the literal is copied from.'),
  literal: z
    .string()
    .describe('Words copied exactly, character for character, from that document: a whole phrase or sentence, not a paraphrase.'),
});

export const claimSchema = z.object({
  text: z.string().min(1).describe('One short statement that answers part of the question.'),
  citations: z.array(citationSchema).describe('The quotes that prove this statement.'),
});

export const answerSchema = z.object({
  no_information: z.boolean().describe('true when the documents do not contain the answer; claims must then be empty.'),
  claims: z.array(claimSchema),
});

export type Citation = z.infer<typeof citationSchema>;
export type Claim = z.infer<typeof claimSchema>;
export type ModelAnswer = z.infer<typeof answerSchema>;

/**
 * How a built script shows it holds full zod: the name full zod gives its object schema's class
 * (zod/mini's is `ZodMiniObject`, the core's `$ZodObject`), kept as a string by every bundler.
 * The screens and the page script check with zod/mini; tests/e2e/screen-bundle.test.ts and
 * content-script-bundle.test.ts keep full zod out of them.
 */
export const FULL_ZOD = /[`'"]ZodObject[`'"]/;

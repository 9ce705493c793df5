/**
 * The answer's claims as they stream in, one by one, each as soon as its JSON object closes, so
 * the popup can show a verified claim while the model is still writing the next. A streaming
 * JSON parser (@streamparser/json: small, no dependencies, emits the values at given paths as
 * they complete) does the tokenizing; this module only says which values are claims. Pure: text
 * in, claims out; the end of the stream (the whole reply, parsed and verified as before) decides.
 */
import { JSONParser } from '@streamparser/json';

export interface ClaimStream {
  /** The next piece of the reply's text, as it arrives. */
  write(delta: string): void;
}

/**
 * Calls `onClaim` with each element of the answer's `claims` array as it completes, with its
 * position. Nothing is reported once the answer says `no_information: true`, or after text that
 * is not JSON: a reply the stream cannot follow is read whole at its end, as before. Text before
 * the first `{` (a sentence, a fence's opening) is skipped.
 */
export function claimStream(onClaim: (claim: unknown, position: number) => void): ClaimStream {
  const parser = new JSONParser({ paths: ['$.no_information', '$.claims.*'], keepStack: false });
  let started = false;
  let stopped = false;
  parser.onValue = ({ value, key, stack }) => {
    if (stopped) return;
    if (stack.length === 1 && key === 'no_information') {
      if (value === true) stopped = true;
      return;
    }
    if (typeof key === 'number') onClaim(value, key);
  };
  // Malformed JSON or text after the answer: the stream stops following, the end decides.
  parser.onError = () => {
    stopped = true;
  };
  parser.onEnd = () => {
    stopped = true;
  };
  return {
    write(delta) {
      if (stopped || delta === '') return;
      let text = delta;
      if (!started) {
        const at = text.indexOf('{');
        if (at < 0) return;
        started = true;
        text = text.slice(at);
      }
      parser.write(text);
    },
  };
}

/**
 * Server-sent events as a Chat Completions stream frames them: the `data:` payloads of each event,
 * an event ending at a blank line whatever the line endings (`\n`, `\r\n`, `\r`), comment lines
 * (`: OPENROUTER PROCESSING`, a keep-alive) and other fields skipped. Pure: the transport
 * (./chat-completions.ts) feeds it the decoded text as it arrives, in pieces cut anywhere.
 */

export interface SseReader {
  /** The payloads of the events completed by `text`, in order. */
  push(text: string): string[];
  /** The payload of an event left without its blank line when the stream ended, if any. */
  end(): string[];
}

export function sseReader(): SseReader {
  let pending = '';
  let data: string[] = [];
  const line = (l: string, out: string[]) => {
    if (l === '') {
      if (data.length > 0) out.push(data.join('\n'));
      data = [];
    } else if (l.startsWith('data:')) {
      data.push(l.slice(l[5] === ' ' ? 6 : 5));
    }
    // `:` comments, `event:`, `id:`, `retry:`: nothing the answer needs.
  };
  return {
    push(text) {
      const out: string[] = [];
      pending += text;
      // A `\r` at the very end may be the first half of `\r\n`: wait for the next piece.
      const lines = pending.split(/\r\n|\r(?!$)|\n/);
      pending = lines.pop()!;
      for (const l of lines) line(l, out);
      return out;
    },
    end() {
      const out: string[] = [];
      if (pending !== '') line(pending.replace(/\r$/, ''), out);
      pending = '';
      line('', out);
      return out;
    },
  };
}

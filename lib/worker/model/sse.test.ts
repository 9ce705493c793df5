import { describe, expect, it } from 'vitest';
import { sseReader } from './sse';

describe('sseReader', () => {
  it('gives each event its data, however the bytes were cut', () => {
    const stream = 'data: {"a":1}\n\n: OPENROUTER PROCESSING\n\ndata: {"b":\r\n\r\ndata: [DONE]\r\r';
    for (const size of [1, 2, 3, 7, stream.length]) {
      const r = sseReader();
      const out: string[] = [];
      for (let i = 0; i < stream.length; i += size) out.push(...r.push(stream.slice(i, i + size)));
      out.push(...r.end());
      expect(out, `pieces of ${size}`).toEqual(['{"a":1}', '{"b":', '[DONE]']);
    }
  });

  it('keeps a last event that came without its blank line', () => {
    const r = sseReader();
    expect(r.push('data: {"x":2}')).toEqual([]);
    expect(r.end()).toEqual(['{"x":2}']);
  });
});

import { describe, expect, it } from 'vitest';
import { citationOf } from '@/lib/shared/answer/citation';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import type { Cue } from './transcript';
import { cueAt, groupCues, quoteCue, quoteOffset, transcriptPassages } from './video-passages';
import { minutesOf, momentUrl } from './video-moment';
import { youTubeVideoId } from './youtube-url';

const cue = (s: number, e: number, text: string): Cue => ({ startMs: s * 1000, endMs: e * 1000, text });

describe('transcriptPassages', () => {
  it('joins cues at sentence ends and keeps where each cue starts and when it is said', () => {
    const cues = [
      cue(0, 2, 'Welcome to the'),
      cue(2, 4, 'budget talk.'),
      cue(4, 7, '  The council will spend\nforty million'),
      cue(7, 9, 'on bridges.'),
      cue(9, 10, ''),
      cue(10, 12, 'Questions come last.'),
    ];
    const ps = transcriptPassages({ videoKey: 'media:0:a.webm', cues }, 5, undefined, { minChars: 10, maxChars: 60 });
    expect(ps.map((p) => p.text)).toEqual([
      'Welcome to the budget talk.',
      'The council will spend forty million on bridges.',
      'Questions come last.',
    ]);
    expect(ps.map((p) => p.order)).toEqual([5, 6, 7]);
    expect(ps[1]!.video).toEqual({
      key: 'media:0:a.webm',
      cues: [
        { at: 0, startMs: 4000, endMs: 7000 },
        { at: 37, startMs: 7000, endMs: 9000 },
      ],
    });
    expect(ps[1]!.text.slice(37)).toBe('on bridges.');
    // The empty cue is no cue of any passage.
    expect(ps[2]!.video.cues).toEqual([{ at: 0, startMs: 10000, endMs: 12000 }]);
    expect(new Set(ps.map((p) => p.id)).size).toBe(3);
  });

  it('cuts captions without punctuation between words, every piece with the cue it starts in', () => {
    const cues = Array.from({ length: 200 }, (_, i) => cue(i, i + 1, `word${i} and more words`));
    const ps = transcriptPassages({ videoKey: 'k', cues }, 0);
    expect(ps.length).toBeGreaterThan(3);
    for (const p of ps) {
      expect(p.text.length).toBeLessThanOrEqual(900);
      expect(p.video.cues[0]!.at).toBe(0);
      // Each cue's words start at its offset (or the piece starts inside the first cue).
      for (const c of p.video.cues.slice(1)) expect(p.text.slice(c.at)).toMatch(new RegExp(`^word${c.startMs / 1000}( |$)`));
    }
  });
});

describe('groupCues', () => {
  it('cuts after a cue that ends a sentence once a passage is long enough, never past the most', () => {
    // min 10, max 40: target 25.
    expect(groupCues([12, 12, 5, 12], [false, true, false, true], 10, 40)).toEqual([
      [0, 2],
      [2, 4],
    ]);
    // No sentence end: cut before the cue that would pass the most.
    expect(groupCues([15, 15, 15, 15], [false, false, false, false], 10, 40)).toEqual([
      [0, 2],
      [2, 4],
    ]);
    // Over the most with a sentence end inside: cut after it, the rest starts the next.
    expect(groupCues([8, 6, 20, 10], [true, false, false, false], 10, 40)).toEqual([
      [0, 1],
      [1, 4],
    ]);
    expect(groupCues([], [], 10, 40)).toEqual([]);
  });
});

describe('the time of a quote', () => {
  const text = 'The council will spend forty million on bridges.';
  const video = {
    key: 'k',
    cues: [
      { at: 0, startMs: 4000, endMs: 7000 },
      { at: 37, startMs: 151_000, endMs: 153_000 },
    ],
  };

  it('is the start of the cue holding its first character, after normalisation', () => {
    expect(quoteOffset(text, 'ON  BRIDGES')).toBe(37);
    expect(quoteCue({ text, video }, 'on bridges.')?.startMs).toBe(151_000);
    expect(quoteCue({ text, video }, 'forty million on bridges')?.startMs).toBe(4000);
    expect(quoteCue({ text, video }, 'spend … on bridges')?.startMs).toBe(4000);
    expect(quoteCue({ text, video }, 'x', ['on bridges'])?.startMs).toBe(151_000);
    expect(quoteCue({ text, video }, 'not in the passage')).toBeUndefined();
    expect(quoteCue({ text }, 'on bridges')).toBeUndefined();
    expect(cueAt(video.cues, 36)?.startMs).toBe(4000);
  });

  it('goes on the citation, with the video it was said in', () => {
    const p: SourcedPassage = {
      id: 'v.1',
      text,
      order: 3,
      video,
      tabId: 1,
      windowId: 1,
      frameId: 0,
      url: 'https://example.org/talk',
      title: 'Talk',
    };
    expect(citationOf(p, 'on bridges', 1).video).toEqual({ key: 'k', startMs: 151_000, endMs: 153_000 });
    expect(citationOf({ ...p, video: undefined }, 'on bridges', 1).video).toBeUndefined();
  });
});

describe('moments', () => {
  it("give a video's length in whole minutes", () => {
    expect(minutesOf(0)).toBe(0);
    expect(minutesOf(20_000)).toBe(1);
    expect(minutesOf(12 * 60_000 + 10_000)).toBe(12);
  });

  it('link to the moment: &t= on YouTube, #t= elsewhere', () => {
    expect(momentUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=x', 151_400)).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=151s',
    );
    expect(momentUrl('https://youtu.be/dQw4w9WgXcQ', 5_000)).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5s');
    expect(momentUrl('https://m.youtube.com/shorts/abcDEF12345', 9_000)).toBe('https://www.youtube.com/watch?v=abcDEF12345&t=9s');
    expect(momentUrl('https://example.org/talk.html#notes', 151_000)).toBe('https://example.org/talk.html#t=151');
    expect(momentUrl('https://example.org/talk.html', 0)).toBe('https://example.org/talk.html#t=0');
  });

  it('read the YouTube video id from watch, Shorts and short addresses only', () => {
    expect(youTubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youTubeVideoId('https://youtube.com/shorts/abcDEF12345?feature=x')).toBe('abcDEF12345');
    expect(youTubeVideoId('https://www.youtube.com/results?search_query=x')).toBeNull();
    expect(youTubeVideoId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youTubeVideoId('https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youTubeVideoId('not a url')).toBeNull();
  });
});

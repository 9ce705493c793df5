/**
 * Passage ids: the hash of the passage's normal form, so that the same text gets the same id in
 * every read of a page (threads reuse an unchanged tab's passages; citations refer to ids), with
 * a counter for a text repeated on one page, and a suffix where two ids would still be equal.
 * Shared by web pages (lib/page/read/extract.ts) and PDFs (lib/offscreen/pdf-passages.ts).
 */
import { fnv1aId, fnv1aUnits } from '@/lib/shared/core/fnv1a';
import { fnv1aNormalized, normalize } from './normalize';

/** A text seen, and its normal form once a text of the same hash needed it. */
interface Seen {
  text: string;
  norm?: string;
}

export class PassageIds {
  private readonly used = new Set<string>();
  /** Texts seen, by the hash of their normal form: the first one alone, the list after that. */
  private readonly byHash = new Map<number, string | Seen[]>();

  /** `prefix` starts every id from `next` ("p" for a PDF's passages). */
  constructor(private readonly prefix = '') {}

  /**
   * The id of the next passage, `text`: the hash of `normalize(text)`, or, for the k-th repeat
   * of that normal form, of `${normal form}\u241f${k}`.
   */
  next(text: string): string {
    let h = fnv1aNormalized(text);
    const first = this.byHash.get(h);
    if (first === undefined) {
      this.byHash.set(h, text);
    } else {
      // Texts of one hash are rare (a repeated passage, or a collision): compared in full.
      const same = typeof first === 'string' ? [{ text: first }] : first;
      const norm = normalize(text);
      let k = 0;
      for (const seen of same) if ((seen.norm ??= normalize(seen.text)) === norm) k++;
      same.push({ text, norm });
      this.byHash.set(h, same);
      if (k > 0) h = fnv1aUnits(h, `\u241f${k}`);
    }
    return this.unique(this.prefix + fnv1aId(h));
  }

  /** `id`, or `id_1`, `id_2`... when it is taken already. */
  unique(id: string): string {
    let out = id;
    for (let k = 1; this.used.has(out); k++) out = `${id}_${k}`;
    this.used.add(out);
    return out;
  }
}

/**
 * FNV-1a (32 bits), the hash of passage ids: a passage's id is the hash of its normal form
 * (lib/shared/text/passage-ids.ts), so it stays the same as long as the text does. Streaming, so a
 * hash can go on from another's state.
 */

export const FNV_OFFSET = 0x811c9dc5 | 0; // an int32 from the start, as every later state is
export const FNV_PRIME = 0x01000193;

/** The state after hashing the UTF-16 code units of `s`, starting from state `h`. */
export function fnv1aUnits(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return h;
}

/** A hash state as an id: its 32 bits in base 36. */
export function fnv1aId(h: number): string {
  return (h >>> 0).toString(36);
}

/** FNV-1a (32 bits) of the UTF-16 code units of `s`, in base 36. */
export function fnv1a(s: string): string {
  return fnv1aId(fnv1aUnits(FNV_OFFSET, s));
}

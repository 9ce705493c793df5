/**
 * Reads the entries of a zip archive (names and contents), enough for the tests of the store
 * archives: the central directory, then each entry stored or deflated. No dependency: Node's zlib
 * inflates, and the format's records are a few fixed fields.
 */
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

export function zipEntries(path: string): Map<string, () => Buffer> {
  const zip = readFileSync(path);
  // The end-of-central-directory record: signature 0x06054b50, within the last 64 KiB + 22 bytes.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error(`${path} is not a zip archive`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, () => Buffer>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${path}: broken central directory`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    entries.set(name, () => {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${name}: compression method ${method}`);
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

import { createHash } from 'node:crypto';

/** Circles and tags invented by the scanner (no id from a workinfo.json) are numbered from here up. */
export const RESERVED_LABEL_ID_START = 1_000_000_000;

/** Fixed namespace of the voice actor ids: the same name gives the same id in every installation. */
export const VA_NAMESPACE = '5f1c1b0e-9d3a-4c63-8a57-6b2f0e7d4a11';

/** RFC 9562 UUID version 5 (SHA-1 of namespace and name). */
export function uuidV5(name: string, namespace: string = VA_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

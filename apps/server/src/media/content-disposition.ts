/** Lone UTF-16 surrogates cannot be percent-encoded; they become U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): `filename*` in RFC 5987 encoding for
 * every client that reads it, and an ASCII `filename` fallback (other characters become `_`) for the rest.
 */
export function attachmentDisposition(fileName: string): string {
  const name = fileName.replace(LONE_SURROGATE, '\uFFFD');
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // encodeURIComponent leaves ' ( ) * alone, which RFC 5987's attr-char does not allow.
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Node cannot encode Shift_JIS (TextEncoder is UTF-8 only), yet old works ship their notes in it, so the
 * demo carries one fixed phrase already encoded:
 * "この作品はデモ用に自動生成された音声です。\r\nヘッドホンでお楽しみください。\r\n".
 */
export const SHIFT_JIS_NOTE_TEXT =
  'この作品はデモ用に自動生成された音声です。\r\nヘッドホンでお楽しみください。\r\n';

export const SHIFT_JIS_NOTE_BYTES: Uint8Array = Uint8Array.from(
  Buffer.from(
    '82b182cc8dec956982cd83668382977082c98ea993ae90b690ac82b382ea82bd89b990ba82c582b781420d0a' +
      '837783628368837a839382c582a88a7982b582dd82ad82be82b382a281420d0a',
    'hex',
  ),
);

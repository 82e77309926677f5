/**
 * The addresses of DLsite's JSON endpoints and images, built from the configured base address
 * (`SASAYAKI_DLSITE_URL`), so tests and mirrors can stand in for www.dlsite.com.
 */
export type DlsiteLocale = 'ja_JP' | 'en_US' | 'zh_CN';

/** Product JSON (static facts) in one locale: names of tags and circles follow it. */
export function productJsonUrl(base: string, code: string, locale: DlsiteLocale): string {
  const url = new URL('/maniax/api/=/product.json', base);
  url.searchParams.set('workno', code);
  url.searchParams.set('locale', locale);
  return url.toString();
}

/** Product info (dynamic facts) of several codes in one request. */
export function productInfoUrl(base: string, codes: readonly string[]): string {
  const url = new URL('/maniax/product/info/ajax', base);
  url.searchParams.set('product_id', codes.join(','));
  return url.toString();
}

/** The work's page, kept as its source URL. */
export function workPageUrl(base: string, code: string): string {
  return new URL(`/maniax/work/=/product_id/${code}.html`, base).toString();
}

/**
 * DLsite gives image addresses without a scheme (`//img.dlsite.jp/…`): they take the base address's. A
 * relative path is taken from the base; an absolute http(s) URL stays; anything else is no image.
 */
export function absoluteImageUrl(base: string, value: string): string | null {
  try {
    const url = value.startsWith('//') ? new URL(`${new URL(base).protocol}${value}`) : new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A translated edition's cover URL often 404s: its images live under the original's code. The same URL
 * with the original's code in place of the edition's (the code and its thousands folder, rounded up).
 */
export function coverUrlOfOriginal(url: string, code: string, originalCode: string): string {
  return url.replaceAll(imageFolderOf(code), imageFolderOf(originalCode)).replaceAll(code, originalCode);
}

/** The image folder of a code: its number rounded up to the next thousand, as wide as the code. */
export function imageFolderOf(code: string): string {
  const match = /^([A-Z]{2})(\d+)$/.exec(code);
  if (!match) return code;
  const [, prefix, digits] = match as unknown as [string, string, string];
  const rounded = Math.ceil(Number(digits) / 1000) * 1000;
  return `${prefix}${String(rounded).padStart(digits.length, '0')}`;
}

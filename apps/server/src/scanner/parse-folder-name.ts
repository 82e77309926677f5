import { matchWorkCode } from '@sasayaki/api-contract';

/**
 * What a work folder's name tells, as collectors and downloaders write it:
 * `(同人音声) [120702][RJ146932][サークル] タイトル (CV.名前)`, `[サークル] タイトル (RJ123456)`,
 * `RJ123456_タイトル`, `タイトル【RJ123456】` … Absent facts are null (or an empty list).
 */
export interface FolderNameInfo {
  /** The work id of the RJ/BJ/VJ code in the name (`matchWorkCode`), or null. */
  code: number | null;
  title: string | null;
  circle: string | null;
  vas: string[];
  /** YYYY-MM-DD. */
  release: string | null;
}

type Item = { kind: 'text'; text: string } | { kind: 'group'; open: string; inner: string; raw: string };

/**
 * The closer's char code of an opener `( [ 【 {`, or -1. Names are scanned by char code: a regex and a
 * one-character string a character cost more than the rest of the parse.
 */
function closerOf(code: number): number {
  switch (code) {
    case 0x28:
      return 0x29;
    case 0x5b:
      return 0x5d;
    case 0x3010:
      return 0x3011;
    case 0x7b:
      return 0x7d;
    default:
      return -1;
  }
}

/**
 * Only what cannot change a title's meaning is normalised: full-width brackets, spaces, Latin letters
 * and digits (so `ＲＪ１２３４５６` and `［サークル］` parse). Full NFKC would also turn `①` into `1`,
 * `㈱` into `(株)` and `！～` into `!~`, which are the title's own spelling.
 */
const FULL_WIDTH = /[\uFF01-\uFF5E\u3000]/;
const KEEP_FULL_WIDTH = new Set([...'！？～＆＋＊＃＄％＝＾｜＠'].map((char) => char.charCodeAt(0)));
/** Full-width ASCII (U+FF01..U+FF5E) sits 0xFEE0 above its half-width twin. */
const FULL_WIDTH_OFFSET = 0xfee0;
function normalise(name: string): string {
  if (!FULL_WIDTH.test(name)) return name;
  // One pass over the char codes (a replace with a callback cost a call a character: most of this budget).
  const codes = new Uint16Array(name.length);
  for (let index = 0; index < name.length; index += 1) {
    const code = name.charCodeAt(index);
    if (code === 0x3000) codes[index] = 0x20;
    else if (code >= 0xff01 && code <= 0xff5e && !KEEP_FULL_WIDTH.has(code))
      codes[index] = code - FULL_WIDTH_OFFSET;
    else codes[index] = code;
  }
  return stringOfCodes(codes);
}

/** String.fromCharCode over chunks, so that no name is too long for one call's arguments. */
const CHUNK = 8_192;
function stringOfCodes(codes: Uint16Array): string {
  // apply takes the typed array as it is; a spread would walk it with an iterator.
  if (codes.length <= CHUNK) return String.fromCharCode.apply(null, codes as unknown as number[]);
  let text = '';
  for (let start = 0; start < codes.length; start += CHUNK) {
    text += String.fromCharCode.apply(null, codes.subarray(start, start + CHUNK) as unknown as number[]);
  }
  return text;
}

/** Top-level bracket groups and the text between them; an unclosed bracket is text. */
function splitGroups(name: string): Item[] {
  const items: Item[] = [];
  let textStart = 0;
  for (let index = 0; index < name.length; index += 1) {
    const open = name.charCodeAt(index);
    const close = closerOf(open);
    if (close === -1) continue;
    const end = closingIndex(name, index, open, close);
    if (end === -1) continue;
    if (index > textStart) items.push({ kind: 'text', text: name.slice(textStart, index) });
    items.push({
      kind: 'group',
      open: name[index] as string,
      inner: name.slice(index + 1, end).trim(),
      raw: name.slice(index, end + 1),
    });
    textStart = end + 1;
    index = end;
  }
  if (textStart < name.length) items.push({ kind: 'text', text: name.slice(textStart) });
  return items;
}

function closingIndex(name: string, start: number, open: number, close: number): number {
  let depth = 0;
  for (let index = start; index < name.length; index += 1) {
    const code = name.charCodeAt(index);
    if (code === open) depth += 1;
    else if (code === close && --depth === 0) return index;
  }
  return -1;
}

/**
 * Markers about the files or the download, not the work: a group made only of these words (joined by
 * `+ & / ・ , 、` or spaces) is dropped, so `[WAV+MP3]`, `(同人音声・ASMR)`, `[24bit/96kHz]` and `[中文字幕]`
 * neither become the circle nor stay in the title.
 */
const NOISE_WORD = [
  '同人音声',
  '同人ボイス',
  '同人',
  '音声作品',
  'asmr',
  'バイノーラル',
  'binaural',
  'ダミーヘッド',
  'ku ?100',
  'ハイレゾ(?:版|音源|音質)?',
  '高音質',
  'hi-?res',
  'high-?res(?:olution)?',
  'mp3',
  'wav',
  'flac',
  'aac',
  'm4a',
  'ogg',
  'opus',
  'alac',
  'wma',
  '\\d{2,4} ?k(?:bps)?',
  '\\d{2} ?bit',
  '\\d{2,3}(?:\\.\\d)? ?khz',
  '(?:se|bgm|効果音|環境音)(?:無し|なし|有り|あり|付き|抜き)?(?:版|ver)?',
  'no ?(?:se|bgm)',
  '中文字幕',
  '中文',
  '中字',
  '中国翻訳',
  '中国語(?:版|翻訳)?',
  '汉化',
  '漢化',
  '[简繁簡][体體]?中文?',
  'chinese',
  '自[翻汉漢]',
  '[机機]翻',
  'ai ?翻訳',
  '翻訳',
  '英語(?:版|翻訳)?',
  '英訳',
  'english',
  'eng',
  '韓国語(?:版|翻訳)?',
  'korean',
  '字幕(?:付き|あり)?',
  'r-?18',
  '18禁',
  '全年齢',
  'dl ?版',
  'dlsite',
  'v(?:er)?\\.? ?\\d+(?:\\.\\d+)*',
].join('|');
const NOISE_GROUP = new RegExp(`^(?:${NOISE_WORD})(?:[\\s+&/・,、_-]+(?:${NOISE_WORD}))*$`, 'i');

/** `CV.名前`, `CV:名前`, `cv 名前`; names split on `、 ・ & / , ;`; a trailing 他/ほか/etc is not a name. */
const CV_GROUP = /^cv\s*[.:：．]?\s*(\S.*)$/i;
const CV_IN_TEXT = /(?:^|\s)cv\s*[.:：．]\s*(\S.*?)\s*$/i;
const NAME_SEPARATORS = /\s*[、・&/,，;；]\s*/;
const NOT_A_NAME = /^(?:他|ほか|etc\.?|others)$/i;

/** Names in one text (`A、B・C`, `A / B; C 他`), as folder names and artist tags list voice actors. */
export function splitNames(text: string): string[] {
  return text
    .replace(/\s*(?:他|ほか|etc\.?)$/i, '')
    .split(NAME_SEPARATORS)
    .map((name) => name.trim())
    .filter((name) => name !== '' && !NOT_A_NAME.test(name));
}

/** `120702` (YYMMDD), `2012-07-02`, `2012.07.02`, `2012/07/02`, `20120702`: a real calendar date or null. */
const SHORT_DATE = /^(\d{2})(\d{2})(\d{2})$/;
const LONG_DATE = /^((?:19|20)\d{2})[-./]?(\d{2})[-./]?(\d{2})$/;
const DATE_IN_TEXT = /(?<![\d.])((?:19|20)\d{2})[-./](\d{2})[-./](\d{2})(?![\d.])/;

/** Dates start with a digit and `CV` with a c: a group that does not skips the patterns. */
function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}
const LOWER_C = 0x63;

function releaseOf(text: string): string | null {
  const short = SHORT_DATE.exec(text);
  if (short) {
    // DLsite opened in 1996: two-digit years from 90 on are the 1990s.
    const year = Number(short[1]) >= 90 ? `19${short[1]}` : `20${short[1]}`;
    return calendarDate(year, short[2] as string, short[3] as string);
  }
  const long = LONG_DATE.exec(text);
  return long ? calendarDate(long[1] as string, long[2] as string, long[3] as string) : null;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The date as YYYY-MM-DD when it is on the calendar (the year always has four digits here), else null. */
function calendarDate(year: string, month: string, day: string): string | null {
  const monthNumber = Number(month);
  const dayNumber = Number(day);
  if (monthNumber < 1 || monthNumber > 12 || dayNumber < 1) return null;
  const yearNumber = Number(year);
  const leap = yearNumber % 4 === 0 && (yearNumber % 100 !== 0 || yearNumber % 400 === 0);
  const days = monthNumber === 2 && leap ? 29 : (DAYS_IN_MONTH[monthNumber - 1] as number);
  return dayNumber <= days ? `${year}-${month}-${day}` : null;
}

/** Separators left at the edges once the code and groups are out; `～` stays (`～添い寝～` is a title's own). */
const SEPARATOR = new Set([...' \t-_–—:：|/・,、'].map((char) => char.charCodeAt(0)));
const FULL_STOP = 0x2e;
const MEANINGLESS = /^[\s\-_–—~～:：|/・,、.]*$/;

/** What `\s` matches in a JavaScript pattern (ECMAScript WhiteSpace and LineTerminator). */
function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Two spaces in a row or a space that is not ' ': most titles have neither, and skip the replace. */
function hasUnusualSpace(text: string, start: number, end: number): boolean {
  let previousWasSpace = false;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    const space = isSpace(code);
    if (space && (previousWasSpace || code !== 0x20)) return true;
    previousWasSpace = space;
  }
  return false;
}

/**
 * Whitespace runs made one space, separators cut from both ends (a trailing `.` is kept: `Vol.`). Any
 * whitespace at an edge would be a separator once made a space, so the edges are cut first and only
 * what is between them is made single-spaced: most names then need no replace (the spaces left where
 * groups were taken out are at the edges).
 */
function clean(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end) {
    const code = text.charCodeAt(start);
    if (!isSpace(code) && !SEPARATOR.has(code) && code !== FULL_STOP) break;
    start += 1;
  }
  while (end > start) {
    const code = text.charCodeAt(end - 1);
    if (!isSpace(code) && !SEPARATOR.has(code)) break;
    end -= 1;
  }
  const middle = start === 0 && end === text.length ? text : text.slice(start, end);
  return hasUnusualSpace(text, start, end) ? middle.replace(/\s+/g, ' ') : middle;
}

export function parseFolderName(folderName: string): FolderNameInfo {
  let name = normalise(folderName);
  // `RJ123456_Some_Title`: underscores stand for spaces when the name has none.
  if (!/\s/.test(name)) name = name.replace(/_/g, ' ');
  const result: FolderNameInfo = { code: null, title: null, circle: null, vas: [], release: null };
  const kept: string[] = [];
  let seenText = false;
  for (const item of splitGroups(name)) {
    if (item.kind === 'text') {
      const text = textFacts(item.text, result);
      if (!MEANINGLESS.test(text)) seenText = true;
      kept.push(text);
      continue;
    }
    if (groupFact(item, result, seenText)) {
      // A group that said something is not part of the title; a space keeps its neighbours apart.
      kept.push(' ');
    } else {
      seenText = true;
      kept.push(item.raw);
    }
  }
  result.title = clean(kept.join('')) || null;
  return result;
}

/** Records what a bracket group says (code, noise, release, voice actors, circle); false for title text. */
function groupFact(
  group: Extract<Item, { kind: 'group' }>,
  result: FolderNameInfo,
  seenText: boolean,
): boolean {
  const { inner } = group;
  // A group that is a code is 8 or 10 characters long (RJ + 6 or 8 digits): others skip the search.
  const code =
    result.code === null && (inner.length === 8 || inner.length === 10) ? matchWorkCode(inner) : null;
  if (code && code.index === 0 && code.length === inner.length) {
    result.code = code.id;
    return true;
  }
  if (NOISE_GROUP.test(inner)) return true;
  const release = result.release === null && isDigit(inner.charCodeAt(0)) ? releaseOf(inner) : null;
  if (release !== null) {
    result.release = release;
    return true;
  }
  const cv = (inner.charCodeAt(0) | 0x20) === LOWER_C ? CV_GROUP.exec(inner) : null;
  if (cv) {
    result.vas.push(...splitNames(cv[1] as string));
    return true;
  }
  // A leading [..] or 【..】 before any title text is the circle, as DLsite and downloaders write it.
  if (!seenText && result.circle === null && group.open !== '(' && clean(inner) !== '') {
    result.circle = clean(inner);
    return true;
  }
  return false;
}

/** Takes the code, a `YYYY.MM.DD` date and a trailing `CV:名前` out of free text; returns what is left. */
function textFacts(text: string, result: FolderNameInfo): string {
  let rest = text;
  if (result.code === null) {
    const code = matchWorkCode(rest);
    if (code) {
      result.code = code.id;
      rest = `${rest.slice(0, code.index)} ${rest.slice(code.index + code.length)}`;
    }
  }
  const date = result.release === null ? DATE_IN_TEXT.exec(rest) : null;
  if (result.release === null && date) {
    const release = calendarDate(date[1] as string, date[2] as string, date[3] as string);
    if (release) {
      result.release = release;
      rest = `${rest.slice(0, date.index)} ${rest.slice(date.index + date[0].length)}`;
    }
  }
  const cv = CV_IN_TEXT.exec(rest);
  if (cv) {
    result.vas.push(...splitNames(cv[1] as string));
    rest = rest.slice(0, cv.index);
  }
  return rest;
}

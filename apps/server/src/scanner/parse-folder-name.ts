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

const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '【': '】', '{': '}' };

/**
 * Only what cannot change a title's meaning is normalised: full-width brackets, spaces, Latin letters
 * and digits (so `ＲＪ１２３４５６` and `［サークル］` parse). Full NFKC would also turn `①` into `1`,
 * `㈱` into `(株)` and `！～` into `!~`, which are the title's own spelling.
 */
const FULL_WIDTH = /[\uFF01-\uFF5E\u3000]/;
const FULL_WIDTH_ALL = /[\uFF01-\uFF5E\u3000]/g;
const KEEP_FULL_WIDTH = new Set([
  '！',
  '？',
  '～',
  '＆',
  '＋',
  '＊',
  '＃',
  '＄',
  '％',
  '＝',
  '＾',
  '｜',
  '＠',
]);
function normalise(name: string): string {
  if (!FULL_WIDTH.test(name)) return name;
  return name.replace(FULL_WIDTH_ALL, (char) => {
    if (char === '\u3000') return ' ';
    return KEEP_FULL_WIDTH.has(char) ? char : String.fromCharCode(char.charCodeAt(0) - 0xfee0);
  });
}

/** Top-level bracket groups and the text between them; an unclosed bracket is text. */
function splitGroups(name: string): Item[] {
  const items: Item[] = [];
  const opener = /[([【{]/g;
  let textStart = 0;
  for (let found = opener.exec(name); found !== null; found = opener.exec(name)) {
    const index = found.index;
    const end = closingIndex(name, index, CLOSERS[found[0]] as string);
    if (end === -1) continue;
    if (index > textStart) items.push({ kind: 'text', text: name.slice(textStart, index) });
    items.push({
      kind: 'group',
      open: found[0],
      inner: name.slice(index + 1, end).trim(),
      raw: name.slice(index, end + 1),
    });
    textStart = end + 1;
    opener.lastIndex = textStart;
  }
  if (textStart < name.length) items.push({ kind: 'text', text: name.slice(textStart) });
  return items;
}

function closingIndex(name: string, start: number, close: string): number {
  const open = name[start];
  let depth = 0;
  for (let index = start; index < name.length; index += 1) {
    if (name[index] === open) depth += 1;
    else if (name[index] === close && --depth === 0) return index;
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

function calendarDate(year: string, month: string, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day)
    ? `${year}-${month}-${day}`
    : null;
}

/** Separators left at the edges once the code and groups are out; `～` stays (`～添い寝～` is a title's own). */
const SEPARATOR = new Set([...' \t-_–—:：|/・,、']);
const MEANINGLESS = /^[\s\-_–—~～:：|/・,、.]*$/;

/** Two spaces in a row or a space that is not ' ': most names have neither, and skip the replace. */
const UNUSUAL_SPACE = /\s\s|[^\S ]/;

/** Whitespace runs made one space, separators cut from both ends (a trailing `.` is kept: `Vol.`). */
function clean(text: string): string {
  const spaced = UNUSUAL_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text;
  let start = 0;
  let end = spaced.length;
  while (start < end && (SEPARATOR.has(spaced[start] as string) || spaced[start] === '.')) start += 1;
  while (end > start && SEPARATOR.has(spaced[end - 1] as string)) end -= 1;
  return spaced.slice(start, end);
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
  const code = matchWorkCode(inner);
  if (result.code === null && code && code.index === 0 && code.length === inner.length) {
    result.code = code.id;
    return true;
  }
  if (NOISE_GROUP.test(inner)) return true;
  const release = result.release === null ? releaseOf(inner) : null;
  if (release !== null) {
    result.release = release;
    return true;
  }
  const cv = CV_GROUP.exec(inner);
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
  const date = DATE_IN_TEXT.exec(rest);
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

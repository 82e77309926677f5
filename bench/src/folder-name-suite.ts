import { formatWorkCode } from '@sasayaki/api-contract';
import { parseFolderName } from '@sasayaki/server/scanner/parse-folder-name.js';
import { Random, Zipf } from './random.js';
import { judge, type Measurement } from './report.js';
import { circleNames, TITLE_WORDS, vaNames } from './vocabulary.js';

const NAMES = 100_000;

/**
 * Real-shaped folder names, each of the parser's patterns in turn: DLsite's archive name with its date,
 * code and circle, the circle first with the code last, code then circle, `code_title`, `title【code】`,
 * with the markers collections carry (同人音声, ハイレゾ, formats, CV).
 */
function folderNames(count: number): string[] {
  const random = new Random(7);
  const circles = circleNames(random, 500);
  const vas = vaNames(random, 200);
  const words = new Zipf(TITLE_WORDS.length);
  const pick = <T>(list: readonly T[]): T => random.pick(list);
  const twoDigits = (min: number, max: number) => String(random.int(min, max)).padStart(2, '0');
  return Array.from({ length: count }, (_, i) => {
    const code = formatWorkCode(100_000 + i);
    const circle = pick(circles);
    const title = Array.from({ length: random.int(2, 5) }, () => TITLE_WORDS[words.draw(random)]).join(' ');
    const cv = `(CV.${pick(vas)}、${pick(vas)})`;
    switch (i % 6) {
      case 0:
        return `(同人音声) [${twoDigits(10, 25)}${twoDigits(1, 12)}${twoDigits(1, 28)}][${code}][${circle}] ${title}`;
      case 1:
        return `[${circle}] ${title} ${cv} (${code})`;
      case 2:
        return `${code} [${circle}] ${title} [ハイレゾ版][WAV+MP3]`;
      case 3:
        return `${code}_${title.replaceAll(' ', '_')}`;
      case 4:
        return `［${circle}］　${title}【${code}】`;
      default:
        return `[${code}] ${title} [2019.${twoDigits(1, 12)}.${twoDigits(1, 28)}] CV:${pick(vas)}`;
    }
  });
}

/** Issue 12's budget: parsing 100,000 folder names takes under 1 s (one thread, after a warm-up pass). */
export function runFolderNameSuite(): Measurement[] {
  // As readdir gives them: strings decoded from the file system's bytes. The generator's template literals
  // are ropes, and the parser's first look at each would flatten it, a cost a real scan never pays.
  const names = folderNames(NAMES).map((name) => Buffer.from(name, 'utf8').toString('utf8'));
  for (const name of names.slice(0, 5_000)) parseFolderName(name);
  const startedAt = performance.now();
  let withCode = 0;
  for (const name of names) if (parseFolderName(name).code !== null) withCode += 1;
  const ms = performance.now() - startedAt;
  console.log(`  folder names: ${NAMES.toLocaleString('en-US')} in ${ms.toFixed(0)} ms`);
  return [
    judge(
      `parse ${NAMES.toLocaleString('en-US')} folder names`,
      'sqlite',
      { ms, errors: withCode === NAMES ? 0 : 1, note: `${withCode} codes found` },
      { figure: 'ms', limit: 1_000 },
    ),
  ];
}

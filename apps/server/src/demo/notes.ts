import { STAFF } from './catalogue.js';
import type { Prng } from './prng.js';
import type { WorkInfo } from './work-metadata.js';

/** The text files a work ships with: a readme, credits, a bonus afterword. Plain UTF-8, CRLF like Windows tools write. */

function crlf(lines: string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

export function readmeText(info: WorkInfo, trackTitles: readonly string[]): string {
  return crlf([
    `【${info.title}】`,
    '',
    `作品番号: ${info.source_id}`,
    `サークル: ${info.circle.name}`,
    `CV: ${info.vas.map((va) => va.name).join('、') || '(なし)'}`,
    `発売日: ${info.release}`,
    '',
    '■ トラックリスト',
    ...trackTitles.map((title, i) => `  ${i + 1}. ${title}`),
    '',
    '■ ご注意',
    'ヘッドホン・イヤホンでのご視聴を推奨します。',
    'この作品は Sasayaki のデモ用に自動生成されたものです。音声は合成音で、台詞は字幕のみです。',
  ]);
}

export function creditsMarkdown(prng: Prng, info: WorkInfo): string {
  const [scenario, illustration, sound] = prng.sample(STAFF, 3);
  return [
    `# ${info.title}`,
    '',
    `**${info.source_id}** · ${info.circle.name}`,
    '',
    '| Role | Name |',
    '| --- | --- |',
    `| CV | ${info.vas.map((va) => va.name).join(', ') || '-'} |`,
    `| シナリオ | ${scenario} |`,
    `| イラスト | ${illustration} |`,
    `| 音響・編集 | ${sound} |`,
    '',
    '> Generated for the Sasayaki demo library.',
    '',
  ].join('\n');
}

export function afterwordText(info: WorkInfo): string {
  return crlf([
    'あとがき',
    '',
    `「${info.title}」をお聴きいただき、ありがとうございました。`,
    '少しでも癒しの時間になれば幸いです。',
    '',
    `${info.circle.name}`,
  ]);
}

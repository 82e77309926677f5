import type { TrackFile, TrackNode } from '@sasayaki/api-contract';

let next = 1;
export function file(title: string, type: TrackFile['type'], duration?: number): TrackFile {
  const id = next++;
  return {
    type,
    title,
    hash: `123456/${id}`,
    workTitle: 'Work',
    size: 1000 * id,
    mediaStreamUrl: `/api/media/stream/123456/${id}`,
    mediaDownloadUrl: `/api/media/download/123456/${id}`,
    ...(duration === undefined ? {} : { duration }),
  };
}

export const folder = (title: string, children: TrackNode[]): TrackNode => ({
  type: 'folder',
  title,
  children,
});

/** RJ123456 / { mp3 / { SE無し / [3 audio, 1 text], SE有り / [1 audio] }, wav / [1 audio] } wrapped in one folder. */
export function sampleTree(): TrackNode[] {
  return [
    folder('RJ123456', [
      folder('mp3', [
        folder('SE無し', [
          file('01 はじめに.mp3', 'audio', 65),
          file('02 耳かき.mp3', 'audio', 3600),
          file('03 おやすみ.mp3', 'audio', 125),
          file('readme.txt', 'text'),
        ]),
        folder('SE有り', [file('01 はじめに.mp3', 'audio', 70)]),
      ]),
      folder('wav', [file('01.wav', 'audio', 10)]),
      file('cover.jpg', 'image'),
    ]),
  ];
}

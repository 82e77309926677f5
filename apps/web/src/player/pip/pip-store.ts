import i18next from 'i18next';
import { create } from 'zustand';
import { notifyWarning } from '../../lib/notify';
import { writeSharedConfig } from '../../lib/shared-config';

interface DocumentPictureInPicture {
  requestWindow(options: { width: number; height: number }): Promise<Window>;
  window: Window | null;
}

export function documentPip(): DocumentPictureInPicture | null {
  return (
    (window as unknown as { documentPictureInPicture?: DocumentPictureInPicture }).documentPictureInPicture ??
    null
  );
}

export function videoPipSupported(): boolean {
  return typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
}

/** The event each video's next play()/pause() from this code is about to cause. */
const driven = new WeakMap<HTMLVideoElement, 'play' | 'pause'>();

/**
 * Plays or pauses the fallback video on the player's behalf: the event it causes is then not taken for
 * the listener's own press in the picture-in-picture window (see `causedByListener`).
 */
export function driveVideo(video: HTMLVideoElement, action: 'play' | 'pause'): Promise<void> {
  if (action === 'pause') {
    if (!video.paused) {
      driven.set(video, 'pause');
      video.pause();
    }
    return Promise.resolve();
  }
  if (!video.paused) return Promise.resolve();
  driven.set(video, 'play');
  return video.play().catch(() => {
    if (driven.get(video) === 'play') driven.delete(video);
  });
}

/** Whether a `play`/`pause` event of the video came from the listener rather than from `driveVideo`. */
export function causedByListener(video: HTMLVideoElement, type: 'play' | 'pause'): boolean {
  if (driven.get(video) !== type) return true;
  driven.delete(video);
  return false;
}

interface PipState {
  open: boolean;
  kind: 'document' | 'video' | null;
  /** The Document Picture-in-Picture window, when that API is used. */
  pipWindow: Window | null;
  /** The canvas-fed video of the fallback, registered by the view. */
  video: HTMLVideoElement | null;
  toggle(): Promise<void>;
  close(): void;
}

/**
 * Picture-in-picture subtitles: the Document Picture-in-Picture API where the browser has it, else a
 * canvas stream in a video element's picture-in-picture. Opening must come from a user gesture.
 */
export const usePipStore = create<PipState>((set, get) => ({
  open: false,
  kind: null,
  pipWindow: null,
  video: null,
  toggle: async () => {
    if (get().open) {
      get().close();
      return;
    }
    try {
      const api = documentPip();
      if (api) {
        const pipWindow = await api.requestWindow({ width: 520, height: 180 });
        pipWindow.addEventListener('pagehide', () => {
          if (get().pipWindow === pipWindow) set({ open: false, kind: null, pipWindow: null });
          writeSharedConfig({ subtitleDisplayMode: 'in-app' });
        });
        set({ open: true, kind: 'document', pipWindow });
      } else if (videoPipSupported() && get().video) {
        const video = get().video as HTMLVideoElement;
        // Playing gives Chromium the frames (and metadata) it needs before picture-in-picture.
        await driveVideo(video, 'play');
        await video.requestPictureInPicture();
        video.addEventListener(
          'leavepictureinpicture',
          () => {
            set({ open: false, kind: null });
            writeSharedConfig({ subtitleDisplayMode: 'in-app' });
          },
          { once: true },
        );
        set({ open: true, kind: 'video' });
      } else {
        notifyWarning(i18next.t('player.pip.unsupported'));
        writeSharedConfig({ subtitleDisplayMode: 'in-app' });
        return;
      }
      writeSharedConfig({ subtitleDisplayMode: 'pip' });
    } catch (error) {
      notifyWarning(i18next.t('player.pip.failed', { message: (error as Error).message }));
      writeSharedConfig({ subtitleDisplayMode: 'in-app' });
    }
  },
  close: () => {
    const { kind, pipWindow } = get();
    if (kind === 'document') pipWindow?.close();
    if (kind === 'video' && document.pictureInPictureElement)
      void document.exitPictureInPicture().catch(() => undefined);
    set({ open: false, kind: null, pipWindow: null });
    writeSharedConfig({ subtitleDisplayMode: 'in-app' });
  },
}));

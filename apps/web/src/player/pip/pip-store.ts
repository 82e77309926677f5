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
        await video.play().catch(() => undefined);
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

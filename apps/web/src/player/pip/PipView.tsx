import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useLyricsStore } from '../lyrics/lyrics-store';
import { useCurrentLine } from '../lyrics/use-current-line';
import { usePlayerStore } from '../store';
import { drawSubtitle } from './draw';
import { causedByListener, documentPip, driveVideo, usePipStore, videoPipSupported } from './pip-store';

function useCurrentText(): string {
  const lines = useLyricsStore((s) => s.lines);
  const index = useCurrentLine();
  return index >= 0 ? (lines[index]?.text ?? '') : '';
}

/** The Document Picture-in-Picture window's content: the current line, wrapped, and play/pause. */
function DocumentPip({ pipWindow }: { pipWindow: Window }) {
  const { t } = useTranslation();
  const text = useCurrentText();
  const playing = usePlayerStore((s) => s.playing);
  useEffect(() => {
    const { body, documentElement } = pipWindow.document;
    documentElement.style.height = '100%';
    Object.assign(body.style, {
      margin: '0',
      height: '100%',
      background: '#111114',
      color: '#f4f0ff',
      fontFamily: 'system-ui, "Noto Sans CJK JP", "Noto Sans CJK SC", sans-serif',
    });
    pipWindow.document.title = t('player.pip.title');
  }, [pipWindow, t]);
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        height: '100%',
        padding: '8px 16px',
        boxSizing: 'border-box',
      }}
    >
      <button
        type="button"
        onClick={() => usePlayerStore.getState().togglePlay()}
        aria-label={t(playing ? 'player.controls.pause' : 'player.controls.play')}
        style={{
          flex: 'none',
          width: 40,
          height: 40,
          borderRadius: 20,
          border: 0,
          background: '#7950f2',
          color: '#fff',
          fontSize: 18,
          cursor: 'pointer',
        }}
      >
        {playing ? '❚❚' : '▶'}
      </button>
      <div
        style={{
          flex: 1,
          textAlign: 'center',
          fontWeight: 700,
          fontSize: 'clamp(14px, 6vw, 32px)',
          lineHeight: 1.3,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: '100%',
          overflowY: 'auto',
        }}
      >
        {text || '♪'}
      </div>
    </div>
  );
}

/**
 * The fallback: a canvas stream in a hidden video, whose own play/pause follows and drives the player.
 * The video's events drive the player only when the listener caused them (the picture-in-picture
 * window's button): the ones that follow the player's own changes are not echoed back, or the short
 * pause between two tracks would pause the next one.
 */
function VideoPip() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const text = useCurrentText();
  const open = usePipStore((s) => s.open && s.kind === 'video');
  const playing = usePlayerStore((s) => s.playing);

  useEffect(() => {
    const canvas = canvasRef.current;
    const video = videoRef.current;
    if (!canvas || !video || typeof canvas.captureStream !== 'function') return;
    drawSubtitle(canvas, '');
    video.srcObject = canvas.captureStream();
    usePipStore.setState({ video });
    const fromListener = (type: 'play' | 'pause') =>
      causedByListener(video, type) && usePipStore.getState().kind === 'video';
    const onPlay = () => fromListener('play') && usePlayerStore.getState().wantPlay();
    const onPause = () => fromListener('pause') && usePlayerStore.getState().wantPause();
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    return () => {
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      usePipStore.setState({ video: null });
    };
  }, []);
  useEffect(() => {
    if (canvasRef.current) drawSubtitle(canvasRef.current, text);
  }, [text]);
  useEffect(() => {
    const video = videoRef.current;
    if (!open || !video) return;
    const timer = setTimeout(() => {
      void driveVideo(video, playing ? 'play' : 'pause');
    }, 50);
    return () => clearTimeout(timer);
  }, [open, playing]);
  return (
    <div
      style={{
        position: 'fixed',
        width: 1,
        height: 1,
        overflow: 'hidden',
        opacity: 0.01,
        pointerEvents: 'none',
        bottom: 0,
        left: 0,
      }}
      aria-hidden
    >
      <canvas ref={canvasRef} width={960} height={270} />
      <video ref={videoRef} muted playsInline width={960} height={270} />
    </div>
  );
}

/** Picture-in-picture subtitles (mounted with the player). */
export function PipView() {
  const pipWindow = usePipStore((s) => (s.kind === 'document' ? s.pipWindow : null));
  if (pipWindow) return createPortal(<DocumentPip pipWindow={pipWindow} />, pipWindow.document.body);
  if (!documentPip() && videoPipSupported()) return <VideoPip />;
  return null;
}

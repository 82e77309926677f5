import { type PointerEvent, useRef } from 'react';

/** Spec: a long press opens the item menu after 500 ms. */
export const LONG_PRESS_MS = 500;

/**
 * Touch-and-hold without moving opens `onLongPress`; the click that follows the release is swallowed
 * (`consumeClick()` returns true once), so a long press never also plays or opens the item.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const start = useRef({ x: 0, y: 0 });

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  return {
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType === 'mouse' && event.button !== 0) return;
        fired.current = false;
        start.current = { x: event.clientX, y: event.clientY };
        cancel();
        timer.current = setTimeout(() => {
          fired.current = true;
          onLongPress();
        }, LONG_PRESS_MS);
      },
      onPointerMove: (event: PointerEvent) => {
        if (Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y) > 10) cancel();
      },
      onPointerUp: cancel,
      onPointerLeave: cancel,
      onPointerCancel: cancel,
    },
    consumeClick(): boolean {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}

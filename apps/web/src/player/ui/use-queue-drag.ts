import { type PointerEvent, useRef, useState } from 'react';

/** A row being dragged by its handle, and the row it is over. */
export interface QueueDrag {
  from: number;
  over: number;
}

/** Rows carry their index in this attribute, so the row under a finger can be found. */
export const QUEUE_INDEX_ATTRIBUTE = 'data-queue-index';

/**
 * Reordering the queue by dragging a row's handle, with a finger or a mouse. Pointer events (which a
 * touch screen's touches also produce) rather than HTML drag and drop, which touch screens do not do;
 * the handle has `touch-action: none`, so a drag on it moves the row instead of scrolling the list.
 */
export function useQueueDrag(onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<QueueDrag | null>(null);
  // Pointer events arrive faster than renders: the latest state is read from here.
  const current = useRef<QueueDrag | null>(null);
  const update = (next: QueueDrag | null) => {
    current.current = next;
    setDrag(next);
  };

  const handleProps = (index: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      update({ from: index, over: index });
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const active = current.current;
      if (!active) return;
      const row = document
        .elementFromPoint(event.clientX, event.clientY)
        ?.closest<HTMLElement>(`[${QUEUE_INDEX_ATTRIBUTE}]`);
      const over = Number(row?.getAttribute(QUEUE_INDEX_ATTRIBUTE));
      if (row && Number.isInteger(over) && over !== active.over) update({ ...active, over });
    },
    onPointerUp: () => {
      const active = current.current;
      update(null);
      if (active && active.over !== active.from) onMove(active.from, active.over);
    },
    onPointerCancel: () => update(null),
  });

  return { drag, handleProps };
}

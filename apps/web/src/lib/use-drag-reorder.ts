import { type PointerEvent, useRef, useState } from 'react';

/** A row being dragged by its handle, and the row it is over. */
export interface RowDrag {
  from: number;
  over: number;
}

/** Rows carry their index in this attribute, so the row under a finger can be found. */
export const REORDER_INDEX_ATTRIBUTE = 'data-reorder-index';

/** The list with the item at `from` moved to index `to` (the others keep their order). */
export function reorder<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

/** Where the dragged row would land relative to row `index` (for a drop line above or below it). */
export function dropSide(drag: RowDrag | null, index: number): 'above' | 'below' | undefined {
  if (!drag || drag.over !== index || drag.from === index) return undefined;
  return drag.from < index ? 'below' : 'above';
}

/**
 * Reordering a list (the player's queue, a playlist) by dragging a row's handle, with a finger or a
 * mouse. Pointer events (which a touch screen's touches also produce) rather than HTML drag and drop,
 * which touch screens do not do; the handle has `touch-action: none`, so a drag on it moves the row
 * instead of scrolling the list. `onMove(from, to)`: the row at `from` goes to index `to`.
 */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<RowDrag | null>(null);
  // Pointer events arrive faster than renders: the latest state is read from here.
  const current = useRef<RowDrag | null>(null);
  const update = (next: RowDrag | null) => {
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
        ?.closest<HTMLElement>(`[${REORDER_INDEX_ATTRIBUTE}]`);
      const over = Number(row?.getAttribute(REORDER_INDEX_ATTRIBUTE));
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

import { useRef, useState, type DragEvent, type PointerEvent } from 'react';
import { dropPositionAt, type DropPosition } from './drop-rules.ts';

/** The row a drag is over now and where on it the category would land: the tree draws it. */
export interface DropIndicator {
  id: number;
  pos: DropPosition;
}

/** Marks a row categories can be dropped on (`target` sets it); its value is the row's category id. */
const ROW_ATTRIBUTE = 'data-category-id';

function positionOn(row: Element, clientY: number): DropPosition {
  const rect = row.getBoundingClientRect();
  return dropPositionAt(clientY - rect.top, rect.height);
}

/** The drop row under a point (a finger), and where on it. */
function rowAt(clientX: number, clientY: number): DropIndicator | null {
  const row = document.elementFromPoint(clientX, clientY)?.closest<HTMLElement>(`[${ROW_ATTRIBUTE}]`);
  return row ? { id: Number(row.dataset.categoryId), pos: positionOn(row, clientY) } : null;
}

/** A drag with the browser's drag events (a mouse, or a long press on some phones), or a finger's pointer. */
type Drag = 'html' | 'touch';

const sameDrop = (a: DropIndicator | null, b: DropIndicator | null) => a?.id === b?.id && a?.pos === b?.pos;

/**
 * Drag and drop of categories with a mouse (HTML5 drag events) and a finger
 * (touch pointer events: the source keeps the pointer while the finger moves,
 * and the row under it when it lifts is the target; the source needs
 * `touch-action: none` so the finger does not scroll instead). Spread
 * `source(id)` on what a drag starts from (the row, or a handle inside it)
 * and `target(id)` on the row; `onDrop` gets each drop on another row.
 */
export function useCategoryDrag(onDrop: (id: number, targetId: number, pos: DropPosition) => void) {
  const [indicator, setIndicator] = useState<DropIndicator | null>(null);
  // Which category is being dragged, and by what: the browser's drag events end
  // only their own kind, so a late `dragend` of a mouse drag cannot cancel the
  // finger drag that began after it.
  const dragged = useRef<{ id: number; by: Drag } | null>(null);

  const show = (next: DropIndicator | null) => setIndicator((current) => (sameDrop(current, next) ? current : next));
  const end = (by: Drag) => {
    if (dragged.current?.by !== by) return;
    dragged.current = null;
    setIndicator(null);
  };
  const finish = (by: Drag, at: DropIndicator | null) => {
    const id = dragged.current?.id;
    end(by);
    if (id !== undefined && at && at.id !== id) onDrop(id, at.id, at.pos);
  };
  const touching = () => dragged.current?.by === 'touch';

  const source = (id: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent<HTMLElement>) => {
      dragged.current = { id, by: 'html' };
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(id));
      // a handle drags the picture of its whole row
      const row = event.currentTarget.closest(`[${ROW_ATTRIBUTE}]`);
      if (row && row !== event.currentTarget) event.dataTransfer.setDragImage(row, 16, 16);
    },
    onDragEnd: () => end('html'),
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'touch') dragged.current = { id, by: 'touch' };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'touch' && touching()) show(rowAt(event.clientX, event.clientY));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'touch' && touching()) finish('touch', rowAt(event.clientX, event.clientY));
    },
    onPointerCancel: (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === 'touch') end('touch');
    },
  });

  const target = (id: number) => ({
    'data-category-id': id,
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragged.current?.by !== 'html') return;
      event.preventDefault();
      show({ id, pos: positionOn(event.currentTarget, event.clientY) });
    },
    onDragLeave: () => setIndicator((current) => (current?.id === id ? null : current)),
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      finish('html', { id, pos: positionOn(event.currentTarget, event.clientY) });
    },
  });

  return { indicator, source, target };
}

export type CategoryDrag = ReturnType<typeof useCategoryDrag>;

import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCategoryDrag } from './use-category-drag.ts';

/** Two rows, each a drag source with a handle and a drop target, as the trees draw them. */
function Rows({ onDrop }: { onDrop: (id: number, targetId: number, pos: string) => void }) {
  const drag = useCategoryDrag(onDrop);
  return (
    <ul>
      {[1, 2].map((id) => (
        <li key={id} {...drag.target(id)} data-testid={`row-${id}`}>
          <span {...drag.source(id)} data-testid={`handle-${id}`} />
        </li>
      ))}
    </ul>
  );
}

// happy-dom lays nothing out: each row is 40 px tall at y = 40·(id-1), and a point finds its row.
function layOut() {
  for (const id of [1, 2]) {
    const row = screen.getByTestId(`row-${id}`);
    row.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 40 * (id - 1), width: 300, height: 40 });
  }
  vi.spyOn(document, 'elementFromPoint').mockImplementation((_x, y) => screen.getByTestId(`row-${y < 40 ? 1 : 2}`));
}

const finger = { pointerType: 'touch', pointerId: 7 };

/** The two rows drawn and laid out; the first one's handle, and the drops seen. */
function drawRows() {
  const onDrop = vi.fn();
  render(<Rows onDrop={onDrop} />);
  layOut();
  return { onDrop, handle: screen.getByTestId('handle-1') };
}

/** A finger on the handle at y, then lifted at y2 (moving over the rows on its way when asked). */
function fingerDrag(handle: HTMLElement, y: number, y2: number, between?: () => void) {
  fireEvent.pointerDown(handle, { ...finger, clientX: 10, clientY: y });
  between?.();
  fireEvent.pointerUp(handle, { ...finger, clientX: 10, clientY: y2 });
}

describe('useCategoryDrag', () => {
  afterEach(() => vi.restoreAllMocks());

  it('drops a category moved by a finger on the row under it when the finger lifts, at the edge it lifts on', () => {
    const { onDrop, handle } = drawRows();
    fingerDrag(handle, 20, 78, () => fireEvent.pointerMove(handle, { ...finger, clientX: 10, clientY: 60 }));
    expect(onDrop).toHaveBeenCalledExactlyOnceWith(1, 2, 'after');
  });

  it('is not cancelled by the late end of a mouse drag that finished before the finger came down', () => {
    const { onDrop, handle } = drawRows();
    fireEvent.dragStart(handle, { dataTransfer: { setData: () => undefined, setDragImage: () => undefined } });
    fireEvent.drop(screen.getByTestId('row-2'));
    expect(onDrop).toHaveBeenLastCalledWith(1, 2, expect.any(String));
    // the browser's `dragend` of the mouse drag arrives while the finger is down
    fingerDrag(handle, 20, 78, () => fireEvent.dragEnd(handle));
    expect(onDrop).toHaveBeenCalledTimes(2);
    expect(onDrop).toHaveBeenLastCalledWith(1, 2, 'after');
  });

  it('forgets a finger drag the browser cancels', () => {
    const { onDrop, handle } = drawRows();
    fingerDrag(handle, 20, 78, () => fireEvent.pointerCancel(handle, finger));
    expect(onDrop).not.toHaveBeenCalled();
  });
});

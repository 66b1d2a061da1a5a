import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './SearchBox.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderBox() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchBox />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/biblioteca'] },
  );
  render(<RouterProvider router={router} />);
  return screen.getByRole('searchbox', { name: 'Buscar en la biblioteca' });
}

describe('SearchBox (Enter → /search?q=, only when non-empty)', () => {
  it('goes to /search?q= with the trimmed text', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: '  año agrícola ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?q=a%C3%B1o+agr%C3%ADcola'));
  });

  it('stays put when there is nothing to search for', async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('where').textContent).toBe('/biblioteca');
  });
});

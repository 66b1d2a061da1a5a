import type { ResourceDetail } from '@kit/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ARTICLE_SANDBOX, ReaderPage } from './ReaderPage.tsx';
import type { ReaderData } from './reader-loader.ts';

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

async function renderReader(): Promise<HTMLIFrameElement> {
  const data: ReaderData = { resource: { id: 4, title: 'Wikipedia en español' } as ResourceDetail, encodedPath: 'A/%C3%81rbol' };
  const router = createMemoryRouter(
    [
      { path: '/resource/:id/read/*', loader: () => data, element: <ReaderPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/resource/4/read/A/%C3%81rbol'] },
  );
  render(<RouterProvider router={router} />);
  return (await screen.findByTitle('Artículo de Wikipedia en español')) as HTMLIFrameElement;
}

const post = (data: unknown, source: MessageEventSource | null) => act(() => void window.dispatchEvent(new MessageEvent('message', { data, source })));

afterEach(() => window.history.replaceState(null, '', '/'));

describe('ReaderPage', () => {
  it('frames the article sandboxed without allow-same-origin', async () => {
    const frame = await renderReader();
    expect(frame.getAttribute('src')).toBe('/zim/4/A/%C3%81rbol');
    expect(frame.getAttribute('sandbox')).toBe(ARTICLE_SANDBOX);
    expect(ARTICLE_SANDBOX).not.toContain('allow-same-origin');
  });

  it('writes the article its own frame reports into the address, and ignores messages from any other window', async () => {
    const frame = await renderReader();
    // The page listens once its effect has run, which a loaded machine may delay past the frame's first paint.
    await waitFor(() => {
      post({ type: 'zim-article', path: 'A/Ñandú', title: 'Ñandú' }, frame.contentWindow);
      expect(window.location.pathname).toBe('/resource/4/read/A/%C3%91and%C3%BA');
    });
    post({ type: 'zim-article', path: 'A/Otro', title: 'Otro' }, window);
    expect(window.location.pathname).toBe('/resource/4/read/A/%C3%91and%C3%BA');
    post({ type: 'otra-cosa', path: 'A/Otro' }, frame.contentWindow);
    expect(window.location.pathname).toBe('/resource/4/read/A/%C3%91and%C3%BA');
  });

  it('searches this library from the bar', async () => {
    await renderReader();
    const box = screen.getByRole('searchbox', { name: 'Buscar en esta biblioteca' });
    fireEvent.change(box, { target: { value: ' ceiba ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/search?q=ceiba&library=4'));
  });
});

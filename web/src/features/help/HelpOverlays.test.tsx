import { TERMS } from '@kit/contract/terms';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { resetNotifications } from '../../ui/notifications/notifications-store.ts';
import { HelpOverlays } from './HelpOverlays.tsx';

/** A page with the help overlays, as the app shell has them, opened at `path`. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        Component: () => (
          <>
            <p>página</p>
            <HelpOverlays />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function fakeKit(contactAnswer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url === '/api/v2/id/config') return Response.json({ contactEmail: 'soporte@valle.kit', contactPhones: ['+51 900 111 222', '+51 900 333 444'] });
    if (url === '/api/v2/contact' && init?.method === 'POST') return contactAnswer();
    return Response.json({ error: { httpCode: 404, type: 'not_found', code: 'ROUTE_NOT_FOUND', message: '', data: null } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('help modals', () => {
  it('opens nothing without a help hash', () => {
    renderAt('/biblioteca?c=3');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('#terminos shows every section of the terms, prints, links the PDF, and closes back to the page as it was', async () => {
    const router = renderAt('/biblioteca?c=3#terminos');
    const dialog = await screen.findByRole('dialog', { name: TERMS.title });
    for (const section of TERMS.sections) expect(screen.getByRole('heading', { name: section.title })).toBeTruthy();
    expect(dialog.textContent).toContain('Distrito Judicial de Lima');
    expect(screen.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href')).toBe('/pdf/tyc-uayki.pdf');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.body.classList.contains('printing-terms')).toBe(true);

    fireEvent.click(screen.getAllByRole('button', { name: 'Cerrar' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location).toMatchObject({ pathname: '/biblioteca', search: '?c=3', hash: '' });
    expect(document.body.classList.contains('printing-terms')).toBe(false);
  });

  it('#contacto shows the support e-mail and phones and, once sent, thanks and says the answer goes to the e-mail', async () => {
    const fetchMock = fakeKit(() => Response.json({ id: 1 }, { status: 201 }));
    renderAt('/menu#contacto');
    await screen.findByRole('dialog', { name: 'Contacto' });
    expect((await screen.findByRole('link', { name: 'soporte@valle.kit' })).getAttribute('href')).toBe('mailto:soporte@valle.kit');
    expect(screen.getByRole('link', { name: '+51 900 333 444' }).getAttribute('href')).toBe('tel:+51900333444');

    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Escribe tu nombre')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v2/contact')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Tu nombre/), { target: { value: 'Julia' } });
    fireEvent.change(screen.getByLabelText(/Tu correo o teléfono/), { target: { value: 'julia@correo.pe' } });
    fireEvent.change(screen.getByLabelText(/Mensaje/), { target: { value: 'No puedo descargar el video.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    const thanks = await screen.findByRole('status');
    expect(thanks.textContent).toBe('¡Gracias por escribirnos! Hemos recibido tu mensaje y te responderemos a tu correo electrónico.');
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v2/contact');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ name: 'Julia', replyTo: 'julia@correo.pe', message: 'No puedo descargar el video.' });
  });

  it('says why the message was not sent, by the error code', async () => {
    resetNotifications();
    fakeKit(() => Response.json({ error: { httpCode: 429, type: 'rate_limit', code: 'RATE_LIMITED', message: 'x', data: null } }, { status: 429 }));
    renderAt('/menu#contacto');
    await screen.findByRole('dialog', { name: 'Contacto' });
    fireEvent.change(screen.getByLabelText(/Tu nombre/), { target: { value: 'Julia' } });
    fireEvent.change(screen.getByLabelText(/Tu correo o teléfono/), { target: { value: '987654321' } });
    fireEvent.change(screen.getByLabelText(/Mensaje/), { target: { value: 'No puedo descargar el video.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demasiados mensajes seguidos. Espera unos minutos y vuelve a intentarlo.');
  });

  it('#guia shows the intro slides to anyone, from "Siguiente" to "Finalizar"', async () => {
    renderAt('/menu#guia');
    await screen.findByRole('dialog');
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

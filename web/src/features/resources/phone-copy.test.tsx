import type { Rendition, ResourceDetail } from '@kit/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatchSession, resetSessionForTests } from '../../session/session-store.ts';
import { lightestFile, playChoices, posterOf, shownPicture } from '../../api/phone-copy.ts';
import { RenditionNotice } from './RenditionNotice.tsx';
import { DownloadAction } from './DownloadAction.tsx';
import { SaveOffline } from './SaveOffline.tsx';
import { ResourceMedia } from './ResourceMedia.tsx';

const copy = (kind: Rendition['kind'], sha: string, bytes: number): Rendition => ({
  kind,
  url: `/api/media/${sha.repeat(64)}.${kind === 'video' ? 'mp4' : 'webp'}`,
  mime: kind === 'video' ? 'video/mp4' : 'image/webp',
  width: 854,
  height: 480,
  bitrate: kind === 'video' ? 600_000 : null,
  bytes,
});

const video = (extra: Partial<ResourceDetail> = {}): ResourceDetail =>
  ({
    id: 3,
    title: 'Siembra de papa',
    type: 3,
    mediaUrl: `/api/media/${'a'.repeat(64)}.mp4`,
    size: 48_000_000,
    coverUrl: null,
    mime: 'video/mp4',
    renditions: [copy('video', 'b', 3_000_000), copy('poster', 'c', 20_000)],
    renditionsPending: false,
    renditionJob: null,
    ...extra,
  }) as ResourceDetail;

afterEach(() => resetSessionForTests());

describe('which file a phone uses', () => {
  it('plays, saves and shows the light copy, the original on request; without copies, the original', () => {
    const r = video();
    expect(playChoices(r, 'video')).toEqual({ light: { url: r.renditions[0]?.url, bytes: 3_000_000 }, original: { url: r.mediaUrl, bytes: 48_000_000 } });
    expect(lightestFile(r)?.url).toBe(r.renditions[0]?.url);
    expect(posterOf(r)).toBe(r.renditions[1]?.url);
    expect(posterOf({ ...r, coverUrl: '/api/media/cover.webp' })).toBe('/api/media/cover.webp');
    // A page this phone saved before copies existed has none.
    const old = { ...r, renditions: undefined } as unknown as ResourceDetail;
    expect(playChoices(old, 'video').light).toBeNull();
    expect(lightestFile(old)?.url).toBe(r.mediaUrl);
    const picture = { ...r, type: 1, renditions: [copy('image', 'd', 200_000)] };
    expect(shownPicture(picture)).toBe(picture.renditions[0]?.url);
  });
});

describe('the player', () => {
  it('plays the light copy and switches to the original ("Calidad original", with its size) and back', () => {
    const r = video();
    render(<ResourceMedia resource={r} />);
    const player = screen.getByTestId('video-player');
    expect(player.getAttribute('src')).toBe(r.renditions[0]?.url);
    expect(player.getAttribute('poster')).toBe(r.renditions[1]?.url);
    fireEvent.click(screen.getByRole('button', { name: 'Calidad original (45.8 MB)' }));
    expect(screen.getByTestId('video-player').getAttribute('src')).toBe(r.mediaUrl);
    fireEvent.click(screen.getByRole('button', { name: 'Versión ligera para teléfonos (2.9 MB)' }));
    expect(screen.getByTestId('video-player').getAttribute('src')).toBe(r.renditions[0]?.url);
  });

  it('keeps playing the original when the light copy is finished during playback, and offers the copy instead', () => {
    const pending = video({ renditions: [], renditionsPending: true });
    const { rerender } = render(<ResourceMedia resource={pending} />);
    fireEvent.play(screen.getByTestId('video-player'));
    rerender(<ResourceMedia resource={video()} />);
    expect(screen.getByTestId('video-player').getAttribute('src')).toBe(pending.mediaUrl);
    expect(screen.getByRole('button', { name: 'Versión ligera para teléfonos (2.9 MB)' })).toBeTruthy();
  });

  it('offers no switch when the kit made no light copy', () => {
    render(<ResourceMedia resource={video({ renditions: [] })} />);
    expect(screen.getByTestId('video-player').getAttribute('src')).toBe(`/api/media/${'a'.repeat(64)}.mp4`);
    expect(screen.queryByTestId('quality-switch')).toBeNull();
  });
});

describe('RenditionNotice', () => {
  const renderNotice = (job: ResourceDetail['renditionJob'], onChange = vi.fn()) =>
    render(
      <MemoryRouter>
        <RenditionNotice resource={{ id: 3, renditionJob: job }} onChange={onChange} />
      </MemoryRouter>,
    );

  it('tells the owner how far the light copy is', () => {
    dispatchSession({ type: 'loaded', user: { id: 7, is_admin: false, user_name: 'rosa', roleId: 2, FullImageUrl: null }, mustChangePassword: false });
    renderNotice({ kind: 'video', state: 'running', progress: 40, code: null, reason: null });
    expect(screen.getByRole('status').textContent).toBe('Preparando video para teléfonos… 40 %');
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('40');
  });

  it('says why it failed and that the original still plays; only an admin gets the retry', () => {
    const failed = { kind: 'video', state: 'failed', progress: 0, code: 'RENDITION_NO_VIDEO', reason: 'El archivo no tiene imagen de video (¿es solo sonido?)' } as const;
    dispatchSession({ type: 'loaded', user: { id: 7, is_admin: false, user_name: 'rosa', roleId: 2, FullImageUrl: null }, mustChangePassword: false });
    const owner = renderNotice(failed);
    expect(screen.getByRole('alert').textContent).toBe(
      'No se pudo preparar la copia para teléfonos: El archivo no tiene imagen de video (¿es solo sonido?). El original se sigue viendo y descargando igual.',
    );
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    owner.unmount();
    dispatchSession({ type: 'loaded', user: { id: 1, is_admin: true, user_name: 'jefa', roleId: 1, FullImageUrl: null }, mustChangePassword: false });
    renderNotice(failed);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('shows nothing once the job is done (or to anyone who is not told)', () => {
    const { container } = renderNotice(null);
    expect(container.textContent).toBe('');
  });
});

describe('the download links', () => {
  const r = { ...video(), downloadUrl: '/api/media/x.mp4?download=1', fileName: 'siembra.mp4' } as ResourceDetail;

  it('make the light copy the one main download and the original a secondary choice with its size', () => {
    const { unmount } = render(<DownloadAction resource={r} basicMode={false} />);
    const main = screen.getByTestId('resource-download');
    expect(main.textContent).toBe('Descargar (2.9 MB)');
    expect(main.getAttribute('href')).toBe(`${r.renditions[0]?.url}?download=1`);
    expect(main.className).toBe('button resource-download');
    const original = screen.getByTestId('resource-download-original');
    expect(original.textContent).toBe('Descargar el original (45.8 MB)');
    expect(original.className).toContain('button--light');
    expect(main.compareDocumentPosition(original) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();
    render(<DownloadAction resource={{ ...r, renditions: [] }} basicMode={false} />);
    expect(screen.getByTestId('resource-download').textContent).toBe('Descargar (45.8 MB)');
    expect(screen.queryByTestId('resource-download-original')).toBeNull();
  });

  it('on plain HTTP offer one link per file: "Descargar al teléfono" for the light copy, the original beside it', () => {
    // The test's page is not a secure context: no service worker, the basic mode.
    const page = (resource: ResourceDetail) => render(<><DownloadAction resource={resource} /><SaveOffline resource={resource} /></>);
    const { unmount } = page({ ...r, renditions: [] });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Descargar al teléfono (45.8 MB)']);
    unmount();
    page(r);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Descargar al teléfono (2.9 MB)', 'Descargar el original (45.8 MB)']);
  });
});

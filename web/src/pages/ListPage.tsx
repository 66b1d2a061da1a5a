import { useLoaderData } from 'react-router';
import { fill } from '../features/library/fill.ts';
import { PlaylistItems } from '../features/resource/PlaylistItems.tsx';
import type { ListData } from '../features/resource/resource-loaders.ts';
import { esLibrary } from '../i18n/es-library.ts';

/** `/list/{id}`: a playlist's resources, in order (SPEC §2). */
export function ListPage() {
  const { playlist } = useLoaderData<ListData>();
  return (
    <section className="list-page">
      <h1 className="page-title">{playlist.name}</h1>
      {playlist.user && <p className="list-page__owner">{fill(esLibrary.list.by, { user: playlist.user.user_name })}</p>}
      <PlaylistItems items={playlist.content} />
    </section>
  );
}

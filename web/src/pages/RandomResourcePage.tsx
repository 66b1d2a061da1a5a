import { esLibrary } from '../i18n/es-library.ts';

/** `/resource/random`: its loader goes on to a random resource; this shows only when the library is empty. */
export function RandomResourcePage() {
  return (
    <section className="app-status">
      <p>{esLibrary.random.empty}</p>
    </section>
  );
}

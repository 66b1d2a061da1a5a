import { es } from '../i18n/es.ts';

/** Shown while the first route's code and data arrive. */
export function AppLoading() {
  return (
    <div className="app-status" role="status">
      <p>{es.app.loading}</p>
    </div>
  );
}

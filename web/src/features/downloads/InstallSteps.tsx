import { esPortal } from '../../i18n/es-portal.ts';

/** Spanish steps to install an Android package from the kit, allowing unknown sources (apps, the group's app, browsers). */
export function InstallSteps() {
  return (
    <section className="surface install-steps" aria-labelledby="install-steps-title">
      <h2 id="install-steps-title">{esPortal.install.title}</h2>
      <ol>
        {esPortal.install.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="install-steps__note">{esPortal.install.note}</p>
    </section>
  );
}

import { useState, useSyncExternalStore } from 'react';
import { esPortal } from '../../i18n/es-portal.ts';
import { installBrowsersFor, type InstallBrowser } from './install-browsers.ts';
import { installOffer, subscribeInstallOffer, takeInstallOffer } from './install-offer.ts';
import { PhoneSketch, type Sketch } from './PhoneSketch.tsx';

const t = esPortal.installPortal;

/** Each browser's three steps: its menu button, the entry to tap, the icon on the home screen. */
const SKETCHES: Record<InstallBrowser, readonly [Sketch, Sketch, Sketch]> = {
  chrome: ['menu-top', 'add', 'home'],
  samsung: ['menu-bottom', 'add', 'home'],
  firefox: ['menu-top', 'add', 'home'],
  ios: ['share', 'add', 'home'],
};

const runsInstalled = () => typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;

/**
 * What a kit without the group's app offers on /extra/download: the portal
 * itself on the phone's home screen. The browser's own prompt where it has
 * one (a secure context is needed, see docs/HTTPS.md), and always the steps
 * to do it by hand, this phone's browser first.
 */
export function InstallPortal() {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  const [outcome, setOutcome] = useState<string>('');

  const install = async () => {
    const taken = takeInstallOffer();
    if (!taken) return;
    await taken.prompt();
    const { outcome: answer } = await taken.userChoice;
    setOutcome(answer === 'accepted' ? t.accepted : t.dismissed);
  };

  return (
    <section className="surface install-portal" aria-labelledby="install-portal-title">
      <h2 id="install-portal-title">{t.title}</h2>
      {runsInstalled() ? (
        <p>{t.installed}</p>
      ) : (
        <>
          <p>{t.intro}</p>
          {offer && (
            <button type="button" className="button install-portal__button" onClick={() => void install()}>
              {t.button}
            </button>
          )}
          <p role="status" className="install-portal__outcome">
            {outcome}
          </p>
          <p>{t.byHand}</p>
          {installBrowsersFor(navigator.userAgent).map((browser, index) => (
            <details key={browser} className="install-portal__browser" open={index === 0}>
              <summary>{t.browsers[browser].name}</summary>
              <ol>
                {t.browsers[browser].steps.map((step, n) => (
                  <li key={step}>
                    <PhoneSketch sketch={SKETCHES[browser][n] ?? 'home'} />
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </details>
          ))}
          <p className="install-steps__note">{t.others}</p>
          <p className="install-steps__note">{t.wifi}</p>
        </>
      )}
    </section>
  );
}

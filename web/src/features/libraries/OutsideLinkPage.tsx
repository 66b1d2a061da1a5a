import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { esLibraries } from '../../i18n/es-libraries.ts';
import { outsideAddress, readerUrl } from './reader-paths.ts';
import './reader.css';

const t = esLibraries.outside;

/**
 * /resource/{id}/read-outside?to=…: where an article's link to the internet
 * leads (the kit rewrites them as it serves the page). Says the link leaves
 * the kit and needs internet, shows the address, and goes back to the article.
 */
export function OutsideLinkPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const address = outsideAddress(params.get('to'));
  const back = (event: React.MouseEvent<HTMLAnchorElement>) => {
    // The article the link was in is the page before this one; opened on its own, the library's main page.
    if (window.history.length > 1 && (window.history.state as { idx?: number } | null)?.idx) {
      event.preventDefault();
      void navigate(-1);
    }
  };
  return (
    <main id="content" className="zim-outside surface">
      <h1 className="page-title">{t.title}</h1>
      <p>{t.body}</p>
      {address ? (
        <p>
          <span className="zim-outside__label">{t.address}</span>
          <a href={address.href} rel="noopener noreferrer" target="_blank" className="zim-outside__address" data-testid="outside-address">
            {address.href}
          </a>
        </p>
      ) : (
        <p role="alert">{t.invalid}</p>
      )}
      <Link to={/^\d+$/.test(id) ? readerUrl(Number(id)) : '/'} onClick={back} className="button" data-testid="outside-back">
        {t.back}
      </Link>
    </main>
  );
}

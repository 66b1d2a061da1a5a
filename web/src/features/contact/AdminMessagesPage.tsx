import type { ContactMessagePage } from '@kit/contract';
import { Link, useLoaderData } from 'react-router';
import { fill } from '../../ui/fill.ts';
import { formatDate } from '../../ui/format.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { esPortal } from '../../i18n/es-portal.ts';
import '../../ui/portal.css';
import type { AdminPages } from '../../ui/admin-pages.ts';
import { contactMessagesLoader } from './contact-messages-loader.ts';

const t = esPortal.contactMessages;

/** /admin/mensajes: what villagers wrote through the help menu's contact form (admins). */
export function AdminMessagesPage() {
  const page = useLoaderData<ContactMessagePage>();
  return (
    <div className="portal-page">
      <h1>{t.title}</h1>
      {page.data.length === 0 ? (
        <p className="portal-page__empty">{t.empty}</p>
      ) : (
        <ul className="message-list">
          {page.data.map((message) => (
            <li key={message.id} className="surface message-card">
              <h2>{fill(t.from, { name: message.name })}</h2>
              <dl>
                <div>
                  <dt>{t.replyTo}</dt>
                  <dd>{message.replyTo}</dd>
                </div>
                {message.user && (
                  <div>
                    <dt>{t.user}</dt>
                    <dd>
                      <Link to={`/user/${message.user.id}`}>{message.user.user_name}</Link>
                    </dd>
                  </div>
                )}
                <div>
                  <dt>{t.date}</dt>
                  <dd>{formatDate(message.createdAt)}</dd>
                </div>
              </dl>
              <p className="message-card__text">{message.message}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.current_page} lastPage={page.last_page} hrefFor={(n) => `/admin/mensajes?page=${n}`} />
    </div>
  );
}

export const adminPages: AdminPages = { mensajes: { Component: AdminMessagesPage, loader: contactMessagesLoader } };

import type { ContactMessagePage } from '@kit/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { getContactMessages } from './contact-api.ts';
import { parsePage } from '../library/list-params.ts';

/** /admin/mensajes?page= : the contact form's messages, newest first. */
export async function contactMessagesLoader({ request }: LoaderFunctionArgs): Promise<ContactMessagePage> {
  return getContactMessages(parsePage(new URL(request.url).searchParams.get('page')), request.signal);
}

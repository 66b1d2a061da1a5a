import type { ContactMessagePage, CreateContactMessage } from '@kit/contract';
import { api } from '../../api/api.ts';

/** POST /api/v2/contact: a message of the help menu's contact form, for the admins. */
export function sendContactMessage(body: CreateContactMessage): Promise<{ id: number }> {
  return api.request<{ id: number }>('/v2/contact', { method: 'POST', body });
}

/** GET /api/v2/admin/contact-messages: newest first. */
export function getContactMessages(page: number, signal?: AbortSignal): Promise<ContactMessagePage> {
  return api.get<ContactMessagePage>('/v2/admin/contact-messages', { page }, signal);
}

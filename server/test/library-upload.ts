import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { validDraft, type caller, type ContribWorld, type Who } from './contrib-helper.ts';

type Api = ReturnType<typeof caller>;

const OCTETS = 'application/offset+octet-stream';
const LIBRARY = 7;

/** A «Biblioteca» draft with the fields the ZIM can fill left empty; its id. */
export async function libraryDraft(api: Api, w: ContribWorld, who: Who = 'admin'): Promise<number> {
  const res = await api(who, 'POST', '/v2/resources', { payload: validDraft(w, { type: LIBRARY, description: '', author: '', source: '' }) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** The resumable upload door in two pieces; the answer of the last PATCH, or of the first that refused. */
export async function uploadLibrary(api: Api, resourceId: number, bytes: Buffer): Promise<LightMyRequestResponse> {
  const created = await api('admin', 'POST', '/uploads', { payload: { resourceId, size: bytes.length, name: 'wikipedia_es.zim' } });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json();
  const half = Math.floor(bytes.length / 2);
  const first = await api('admin', 'PATCH', `/uploads/${id}`, { payload: bytes.subarray(0, half), headers: { 'content-type': OCTETS, 'upload-offset': '0' } });
  if (first.statusCode !== 200) return first;
  return api('admin', 'PATCH', `/uploads/${id}`, { payload: bytes.subarray(half), headers: { 'content-type': OCTETS, 'upload-offset': String(half) } });
}

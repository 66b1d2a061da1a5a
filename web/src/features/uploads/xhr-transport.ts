import type { UploadProgress } from '@kit/contract';
import { ApiError, CSRF_HEADER, CSRF_HEADER_VALUE, NETWORK_ERROR, toApiError } from '../../api/client.ts';
import { getSessionToken } from '../../api/session-token.ts';
import { getUpload } from './uploads-api.ts';
import { es } from '../../i18n/es.ts';
import { UPLOAD_STALLED, type ChunkAnswer, type UploadTransport } from './upload-client.ts';

/** A chunk that sends nothing and hears nothing for this long is given up (the server's own limit is 120 s). */
const STALL_MS = 30_000;

function linkError(code: string): ApiError {
  return new ApiError({ httpCode: 0, type: 'network', code, message: es.errors.network, data: null });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The app's transport for upload-client.ts. PATCH goes by XMLHttpRequest,
 * the only browser API that reports upload progress; a chunk is abandoned
 * when the phone says it went offline or nothing moves for STALL_MS. The
 * offset comes from GET /api/uploads/{id} (HEAD's twin, whose refusals carry
 * their code).
 */
export function createXhrTransport(stallMs = STALL_MS): UploadTransport {
  return {
    async offset(id, signal) {
      return (await getUpload(id, signal)).offset;
    },

    patch(id, offset, bytes, onSent, signal) {
      return new Promise<ChunkAnswer>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        let lastMove = Date.now();
        let failure: ApiError | null = null;
        const moved = () => {
          lastMove = Date.now();
        };
        const watch = setInterval(() => {
          if (Date.now() - lastMove > stallMs) giveUp(linkError(UPLOAD_STALLED));
        }, Math.min(5_000, stallMs));
        const onOffline = () => giveUp(linkError(NETWORK_ERROR));
        const onAbort = () => xhr.abort();
        const cleanUp = () => {
          clearInterval(watch);
          globalThis.removeEventListener('offline', onOffline);
          signal.removeEventListener('abort', onAbort);
        };
        function giveUp(error: ApiError) {
          failure = error;
          xhr.abort();
        }

        xhr.open('PATCH', `/api/uploads/${id}`);
        xhr.setRequestHeader('Content-Type', 'application/offset+octet-stream');
        xhr.setRequestHeader('Upload-Offset', String(offset));
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
        const token = getSessionToken();
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.upload.onprogress = (event) => {
          moved();
          onSent(event.loaded);
        };
        xhr.onprogress = moved;
        xhr.onload = () => {
          cleanUp();
          const body = parseJson(xhr.responseText);
          if (xhr.status >= 200 && xhr.status < 300) {
            const answer = body as UploadProgress;
            resolve({ offset: answer.offset, complete: answer.complete, resource: answer.resource });
          } else {
            reject(toApiError(xhr.status, body));
          }
        };
        xhr.onerror = () => {
          cleanUp();
          reject(linkError(NETWORK_ERROR));
        };
        xhr.onabort = () => {
          cleanUp();
          reject(failure ?? signal.reason ?? linkError(NETWORK_ERROR));
        };
        globalThis.addEventListener('offline', onOffline);
        signal.addEventListener('abort', onAbort, { once: true });
        xhr.send(bytes);
      });
    },
  };
}

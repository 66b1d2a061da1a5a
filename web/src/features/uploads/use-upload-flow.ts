import type { ManagedResource, UploadConfig } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { createDraft, getManaged, startUpload, submitDraft, updateDraft, uploadCover } from './uploads-api.ts';
import { esUpload } from '../../i18n/es-upload.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { RetryWaker, sendFile, type UploadState } from './upload-client.ts';
import { toDraftFields, type UploadValues } from './upload-form.ts';
import { videoFrameCover } from './video-cover.ts';
import { createXhrTransport } from './xhr-transport.ts';
import { announceQuotaChange } from './quota-changes.ts';

export type FlowStep =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'uploading'; state: UploadState }
  | { kind: 'finishing' }
  | { kind: 'done'; resource: ManagedResource };

/** A failed call's message: the server's own (Spanish, per code), or the form's fallback. */
function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : esUpload.form.failed;
}

/**
 * The steps of publishing: save the draft (created on the first save, so
 * its id survives anything after), send its file in resumable chunks, set
 * the cover, submit. «Guardar borrador» takes the same steps but the last:
 * a draft keeps everything the person gave it, the file included. A cut
 * upload waits and retries by itself; `resume` retries now, `cancel` stops
 * (the draft and the bytes sent stay, to be continued from /upload/draft).
 */
export function useUploadFlow(config: UploadConfig, initialDraft: ManagedResource | null) {
  const [draft, setDraft] = useState<ManagedResource | null>(initialDraft);
  const [step, setStep] = useState<FlowStep>({ kind: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const waker = useRef(new RetryWaker());
  const running = useRef<AbortController | null>(null);
  /** the picked file once the draft holds it: saving again, or publishing after a save, does not send it twice */
  const stored = useRef<File | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const saveFields = useCallback(
    async (values: UploadValues): Promise<ManagedResource> => {
      const fields = toDraftFields(values);
      const saved = draft ? await updateDraft(draft.id, fields) : await createDraft({ ...fields, rights_declared: values.rights });
      setDraft(saved);
      return saved;
    },
    [draft],
  );

  /** Sends the picked file into the draft; answers the resource with it attached. */
  const sendInto = async (saved: ManagedResource, file: File, signal: AbortSignal): Promise<ManagedResource> => {
    const upload = await startUpload({ resourceId: saved.id, size: file.size, name: file.name });
    try {
      const attached = await sendFile({
        transport: createXhrTransport(),
        file,
        upload,
        chunkSize: config.chunkSize,
        waker: waker.current,
        signal,
        onState: (state) => setStep({ kind: 'uploading', state }),
      });
      return attached ?? (await getManaged(saved.id));
    } catch (error) {
      // The answer of the last chunk was lost but the file arrived: the upload is gone and the draft has it.
      if (error instanceof ApiError && error.code === 'UPLOAD_NOT_FOUND') {
        const current = await getManaged(saved.id);
        if (current.mediaUrl && !current.upload) return current;
      }
      throw error;
    }
  };

  const setCover = async (resource: ManagedResource, values: UploadValues): Promise<void> => {
    try {
      if (values.cover === 'own' && values.coverFile) {
        await uploadCover(resource.id, values.coverFile, values.coverFile.name);
      } else if (values.cover === 'auto' && values.file && resource.type === RESOURCE_TYPES.VIDEO && !resource.coverCustom) {
        const frame = await videoFrameCover(values.file);
        if (frame) await uploadCover(resource.id, frame, 'portada.jpg');
      }
    } catch {
      notifyError(esUpload.form.coverFailed);
    }
  };

  /** The draft with its fields, its file (sent unless it already holds it) and its cover; then `finish` with it. */
  const store = async (values: UploadValues, finish: (resource: ManagedResource) => Promise<void>) => {
    const controller = new AbortController();
    running.current = controller;
    setFailure(null);
    setStep({ kind: 'saving' });
    try {
      let resource = await saveFields(values);
      if (values.file && values.file !== stored.current) {
        resource = await sendInto(resource, values.file, controller.signal);
        stored.current = values.file;
        announceQuotaChange();
        setDraft(resource);
      }
      setStep({ kind: 'finishing' });
      await setCover(resource, values);
      await finish(resource);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(messageOf(error));
      setStep({ kind: 'idle' });
    } finally {
      running.current = null;
    }
  };

  const publish = (values: UploadValues) =>
    store(values, async (resource) => {
      const submitted = await submitDraft(resource.id);
      setDraft(submitted);
      setStep({ kind: 'done', resource: submitted });
    });

  const saveDraft = (values: UploadValues) =>
    store(values, async () => {
      notifySuccess(esUpload.form.draftSaved);
      setStep({ kind: 'idle' });
    });

  return {
    draft,
    step,
    failure,
    busy: step.kind !== 'idle' && step.kind !== 'done',
    publish,
    saveDraft,
    resume: () => waker.current.wake(),
    cancel: () => running.current?.abort(),
  };
}

import { PACKAGE_MAX_BYTES } from '@kit/contract/portal-data';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { esPortal } from '../../i18n/es-portal.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';

/** What the file field says about a package over the size limit (checked here so a big upload never starts). */
export const packageSizeError = (file: File | null): string | null =>
  file !== null && file.size > PACKAGE_MAX_BYTES ? fill(esPortal.common.fileTooBig, { max: formatFileSize(PACKAGE_MAX_BYTES) }) : null;

/**
 * The download pages' admin changes (upload or remove a package): one at a
 * time, a notification either way, and the page re-read after a success.
 */
export function usePackageAdmin() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<unknown>, done: string, failed: string): Promise<boolean> => {
    setBusy(true);
    try {
      await change();
      notifySuccess(done);
      await revalidator.revalidate();
      return true;
    } catch (error) {
      notifyError(portalErrorMessage(error, failed));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

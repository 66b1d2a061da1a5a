import { useState } from 'react';
import { esDevice } from '../../i18n/es-device.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { deviceErrorMessage } from './device-errors.ts';

/**
 * One device setting sent to the kit (its clock, its certificate): busy while it runs, the kit's answer as a
 * passing notification, then `onDone` to read the device again; a refusal says why and leaves things as they were.
 */
export function useDeviceAction(onDone: () => void) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ message: string }>, afterSuccess?: () => void) => {
    setBusy(true);
    try {
      const answer = await action();
      notifySuccess(answer.message);
      afterSuccess?.();
      onDone();
    } catch (error) {
      notifyError(deviceErrorMessage(error, esDevice.failed));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

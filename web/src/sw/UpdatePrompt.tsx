import { useSyncExternalStore } from 'react';
import { es } from '../i18n/es.ts';
import { dismissUpdate, getPendingUpdate, subscribeToUpdate } from './register.ts';
import './update-prompt.css';

/** Offers a waiting new version; nothing is forced on the user mid-task. */
export function UpdatePrompt() {
  const applyUpdate = useSyncExternalStore(subscribeToUpdate, getPendingUpdate, () => null);
  if (!applyUpdate) return null;
  return (
    <div className="update-prompt" role="status">
      <p>{es.update.available}</p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--light" onClick={dismissUpdate}>
          {es.update.later}
        </button>
        <button type="button" className="button" onClick={applyUpdate}>
          {es.update.apply}
        </button>
      </div>
    </div>
  );
}

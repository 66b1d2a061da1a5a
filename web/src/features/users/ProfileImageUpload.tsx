import type { UserImage } from '@kit/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { uploadProfileImage } from '../../api/accounts.ts';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { profileImageErrorMessage } from './profile-messages.ts';

export interface ProfileImageUploadProps {
  userId: number;
  onUploaded: (image: UserImage) => void;
}

/** 'Cambiar foto': picks an image (the camera on a phone) and sends it as the profile picture. */
export function ProfileImageUpload({ userId, onUploaded }: ProfileImageUploadProps) {
  const id = useId();
  const [uploading, setUploading] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadProfileImage(userId, file, file.name);
      notifySuccess(esAccounts.profile.imageSaved);
      onUploaded(image);
    } catch (error) {
      notifyError(profileImageErrorMessage(error));
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  return (
    <div className="profile-image-upload">
      <input id={id} className="visually-hidden" type="file" accept="image/*" disabled={uploading} onChange={upload} />
      <label htmlFor={id} className="button button--light" aria-disabled={uploading}>
        {uploading ? esAccounts.profile.uploadingImage : esAccounts.profile.changeImage}
      </label>
    </div>
  );
}

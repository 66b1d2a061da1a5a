import { useNavigate } from 'react-router';
import { UploadAlert } from '../features/upload/UploadAlert.tsx';
import { markUploadRulesSeen } from '../features/upload/upload-rules.ts';

/** /upload/ModalAlert: the rights-free reminder; accepting it opens the form. */
export function UploadAlertPage() {
  const navigate = useNavigate();
  return (
    <UploadAlert
      onAccept={() => {
        markUploadRulesSeen();
        void navigate('/upload', { replace: true });
      }}
      onCancel={() => void navigate('/', { replace: true })}
    />
  );
}

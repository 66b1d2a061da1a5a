import { useNavigate } from 'react-router';
import { UploadAlert } from '../features/uploads/UploadAlert.tsx';
import { markUploadRulesSeen } from '../features/uploads/upload-rules.ts';

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

/** Whether the rights-free reminder (/upload/ModalAlert) was accepted in this browser session. */
const RULES_KEY = 'kp_upload_rules_seen';

export function uploadRulesSeen(): boolean {
  try {
    return sessionStorage.getItem(RULES_KEY) === '1';
  } catch {
    return false;
  }
}

export function markUploadRulesSeen(): void {
  try {
    sessionStorage.setItem(RULES_KEY, '1');
  } catch {
    // not kept: the reminder shows again next time, which is harmless
  }
}

export interface SubmitButtonProps {
  /** the form is being sent: the button says `busyLabel` and waits */
  busy: boolean;
  label: string;
  busyLabel: string;
  /** the form cannot be sent yet (a required file missing, a field invalid) */
  disabled?: boolean;
}

/** A form's own submit button, which says so while the form is on its way. */
export function SubmitButton({ busy, label, busyLabel, disabled = false }: SubmitButtonProps) {
  return (
    <button type="submit" className="button" disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}

import { useCallback, useMemo, useState } from 'react';

/** A form's messages by field; a field without one is valid. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A small controlled form: values, what the rules say about them, and which
 * errors to show (a field's once it was changed or left, all after a submit
 * attempt). `validate` must be stable (module-level or memoized).
 */
export function useForm<V extends object, K extends string>(initial: V, validate: (values: V) => FieldErrors<K>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [dirty, setDirty] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => validate(values), [validate, values]);

  const update = useCallback((patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    // a field the user changed says what is wrong with it at once
    setTouched((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((key) => [key, true])) }));
    setDirty(true);
  }, []);
  const touch = useCallback((field: K) => setTouched((current) => ({ ...current, [field]: true })), []);
  const shown = (field: K): string | null => (touched[field] || submitted ? (errors[field] ?? null) : null);
  /** A text field's value and handlers: a change updates the field, leaving it shows its error. */
  const bind = (field: K & keyof V) => ({
    value: values[field] as string,
    onChange: (event: { target: { value: string } }) => update({ [field]: event.target.value } as Partial<V>),
    onBlur: () => touch(field),
  });
  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched({});
    setDirty(false);
    setSubmitted(false);
  }, []);

  return {
    values,
    errors,
    /** any field changed since the start (docs/PRODUCT.md#password-rules "touched") */
    dirty,
    valid: !hasErrors(errors),
    update,
    touch,
    shown,
    bind,
    /**
     * Call first on submit: keeps the browser from sending the form itself and shows every error from then on.
     * True when it may be sent: every field is valid and it is not already being sent (`busy`).
     */
    trySubmit: (event: { preventDefault: () => void }, busy: boolean): boolean => {
      event.preventDefault();
      setSubmitted(true);
      return !hasErrors(errors) && !busy;
    },
    reset,
  };
}

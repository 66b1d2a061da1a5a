import type { User } from '@kit/contract';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { savePersonalDetails } from '../../api/accounts.ts';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { SubmitButton } from '../../ui/forms/Field.tsx';
import { useForm } from '../../ui/forms/use-form.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { useCountries } from './countries.ts';
import { PersonalDetailsFields } from './PersonalDetailsFields.tsx';
import { profileErrorMessage } from './profile-messages.ts';
import { isoToday, personalDetailsOf, toPersonalDetails, validatePersonalDetails, type PersonalDetailsValues } from './profile-validation.ts';

export interface PersonalDetailsFormProps {
  user: Pick<User, 'gender' | 'born_date' | 'code_phone' | 'phone_number'>;
  submitLabel: string;
  onSaved: (user: User) => void;
  idPrefix?: string;
}

/** The onboarding's "Completa tu perfil" form: POST /v3/personalDetails. */
export function PersonalDetailsForm({ user, submitLabel, onSaved, idPrefix = 'details' }: PersonalDetailsFormProps) {
  const today = useMemo(() => isoToday(), []);
  const validate = useCallback((values: PersonalDetailsValues) => validatePersonalDetails(values, today), [today]);
  const form = useForm(personalDetailsOf(user), validate);
  const countries = useCountries();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    if (!form.trySubmit(event, saving)) return;
    setSaving(true);
    try {
      const saved = await savePersonalDetails(toPersonalDetails(form.values));
      notifySuccess(esAccounts.profile.updated);
      onSaved(saved);
    } catch (error) {
      notifyError(profileErrorMessage(error));
      setSaving(false);
    }
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <PersonalDetailsFields
        idPrefix={idPrefix}
        form={form}
        countries={countries}
        today={today}
      />
      <div className="account-form__actions">
        <SubmitButton busy={saving} disabled={!form.valid} label={submitLabel} busyLabel={esAccounts.profile.saving} />
      </div>
    </form>
  );
}

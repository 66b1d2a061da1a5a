import type { User } from '@kit/contract';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { profilePath, updateProfile } from '../../api/accounts.ts';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { useConstants } from './constants.ts';
import { Field, fieldAria, SubmitButton } from '../../ui/forms/Field.tsx';
import { type FieldErrors, useForm } from '../../ui/forms/use-form.ts';
import { EMAIL_PATTERN, NAME_MAX } from './validation.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { loadOutbox } from '../../offline/load-outbox.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { useCountries } from './countries.ts';
import { PersonalDetailsFields } from './PersonalDetailsFields.tsx';
import { profileErrorMessage } from './profile-messages.ts';
import {
  isoToday,
  personalDetailsOf,
  phonePayload,
  validatePersonalDetails,
  type PersonalDetailsField,
  type PersonalDetailsValues,
} from './profile-validation.ts';

/** The occupation whose free text ('others') the form asks for. */
export const OTHER_OCCUPATION = 'Otros';
const OTHERS_MAX = 200;

export interface ProfileValues extends PersonalDetailsValues {
  name: string;
  last_name: string;
  email: string;
  instruction_degree: string;
  occupation: string;
  others: string;
}

export type ProfileField = PersonalDetailsField | 'name' | 'last_name' | 'email';

export function profileValuesOf(user: User): ProfileValues {
  return {
    ...personalDetailsOf(user),
    name: user.name,
    last_name: user.last_name,
    email: user.email ?? '',
    instruction_degree: user.instruction_degree ?? '',
    occupation: user.occupation ?? '',
    others: user.others ?? '',
  };
}

export function validateProfile(values: ProfileValues, today: string): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = validatePersonalDetails(values, today);
  if (values.name.trim() === '') errors.name = esAccounts.profile.nameRequired;
  if (values.last_name.trim() === '') errors.last_name = esAccounts.profile.lastNameRequired;
  if (values.email.trim() !== '' && !EMAIL_PATTERN.test(values.email.trim())) errors.email = esAccounts.profile.emailInvalid;
  return errors;
}

/** PUT /v2/users/{userId}/profile body from the form (null clears a field). */
export function toProfileUpdate(values: ProfileValues) {
  const occupation = values.occupation || null;
  return {
    name: values.name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim() || null,
    gender: values.gender,
    born_date: values.born_date || null,
    instruction_degree: values.instruction_degree || null,
    occupation,
    others: occupation === OTHER_OCCUPATION ? values.others.trim() || null : null,
    ...phonePayload(values),
  };
}

export interface ProfileFormProps {
  user: User;
  onSaved: (user: User) => void;
}

/** The user's own profile edit (docs/PRODUCT.md#profile-form rules and messages). */
export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const today = useMemo(() => isoToday(), []);
  const validate = useCallback((values: ProfileValues) => validateProfile(values, today), [today]);
  const form = useForm<ProfileValues, ProfileField>(profileValuesOf(user), validate);
  const countries = useCountries();
  const levels = useConstants('education');
  const occupations = useConstants('occupation');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    if (!form.trySubmit(event, saving)) return;
    setSaving(true);
    const changes = toProfileUpdate(form.values);
    const saved = (answer: User) => {
      notifySuccess(esAccounts.profile.updated);
      form.reset(profileValuesOf(answer));
      onSaved(answer);
    };
    try {
      saved(await updateProfile(user.id, changes));
    } catch (error) {
      if (!(error instanceof ApiError && error.code === NETWORK_ERROR)) {
        notifyError(profileErrorMessage(error));
        return;
      }
      // offline: the outbox sends the change when the link returns (loaded only then)
      const { submitWrite } = await loadOutbox();
      const outcome = await submitWrite({
        kind: 'profile',
        label: esSocial.outbox.profileLabel,
        requests: [{ method: 'PUT', path: profilePath(user.id), body: changes }],
      }).catch((failure: unknown) => {
        notifyError(profileErrorMessage(failure));
        return null;
      });
      if (outcome?.sent) saved(outcome.answer as User);
      else if (outcome) notifyInfo(esSocial.outbox.profileQueued);
    } finally {
      setSaving(false);
    }
  };

  const text = (field: 'name' | 'last_name' | 'email', label: string, props: Record<string, unknown>) => (
    <Field id={`profile-${field}`} label={label} required={field !== 'email'} error={form.shown(field)}>
      <input
        {...fieldAria(`profile-${field}`, form.shown(field))}
        className="input"
        {...form.bind(field)}
        {...props}
      />
    </Field>
  );

  const select = (field: 'instruction_degree' | 'occupation', label: string, options: readonly string[]) => {
    const current = form.values[field];
    const list = current && !options.includes(current) ? [current, ...options] : options;
    return (
      <Field id={`profile-${field}`} label={label}>
        <select id={`profile-${field}`} className="input" value={current} onChange={(event) => form.update({ [field]: event.target.value })}>
          <option value="">{esAccounts.profile.notSet}</option>
          {list.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
    );
  };

  return (
    <form className="account-form" noValidate onSubmit={submit} aria-label={esAccounts.profile.editTitle}>
      {text('name', esAccounts.profile.name, { autoComplete: 'given-name', maxLength: NAME_MAX })}
      {text('last_name', esAccounts.profile.lastName, { autoComplete: 'family-name', maxLength: NAME_MAX })}
      {text('email', esAccounts.profile.email, { type: 'email', autoComplete: 'email', autoCapitalize: 'none', maxLength: 254 })}
      <PersonalDetailsFields
        idPrefix="profile"
        form={form}
        countries={countries}
        today={today}
      />
      {select('instruction_degree', esAccounts.profile.instruction, levels)}
      {select('occupation', esAccounts.profile.occupation, occupations)}
      {form.values.occupation === OTHER_OCCUPATION && (
        <Field id="profile-others" label={esAccounts.profile.others}>
          <input
            id="profile-others"
            className="input"
            maxLength={OTHERS_MAX}
            value={form.values.others}
            onChange={(event) => form.update({ others: event.target.value })}
          />
        </Field>
      )}
      <div className="account-form__actions">
        <SubmitButton busy={saving} disabled={!form.valid} label={esAccounts.profile.save} busyLabel={esAccounts.profile.saving} />
      </div>
    </form>
  );
}

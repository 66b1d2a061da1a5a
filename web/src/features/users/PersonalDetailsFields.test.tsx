import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FALLBACK_COUNTRIES } from './countries.ts';
import { PersonalDetailsFields } from './PersonalDetailsFields.tsx';
import { personalDetailsOf, validatePersonalDetails, type PersonalDetailsValues } from './profile-validation.ts';

const TODAY = '2026-03-15';

function Harness() {
  const [values, setValues] = useState<PersonalDetailsValues>(personalDetailsOf({}));
  const errors = validatePersonalDetails(values, TODAY);
  return (
    <PersonalDetailsFields
      idPrefix="t"
      form={{ values, shown: (field) => errors[field] ?? null, update: (patch) => setValues((v) => ({ ...v, ...patch })), touch: () => undefined }}
      countries={FALLBACK_COUNTRIES}
      today={TODAY}
    />
  );
}

describe('PersonalDetailsFields', () => {
  it('offers Femenino, Masculino and Otros, and asks for a gender', () => {
    render(<Harness />);
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['0', '1', '2']);
    expect(screen.getByRole('radio', { name: 'Masculino' })).toBeTruthy();
    expect(screen.getByText('Selecciona tu género')).toBeTruthy();
  });

  it('asks for a birth date shown DD/MM/YYYY and refuses a future one', () => {
    render(<Harness />);
    const date = screen.getByLabelText(/^Fecha de nacimiento/) as HTMLInputElement;
    expect(date.placeholder).toBe('DD/MM/AAAA');
    expect(screen.getByText('Ingresa tu fecha de nacimiento')).toBeTruthy();
    fireEvent.change(date, { target: { value: '2005' } });
    expect(date.value).toBe('20/05');
    expect(screen.getByText('Revisa la fecha de nacimiento')).toBeTruthy();
    fireEvent.change(date, { target: { value: '20/05/1990' } });
    expect(date.value).toBe('20/05/1990');
    expect(screen.queryByText(/fecha de nacimiento$/)).toBeNull();
    fireEvent.change(date, { target: { value: '16032026' } });
    expect(screen.getByText('La fecha de nacimiento no puede ser posterior a hoy')).toBeTruthy();
  });

  it('keeps only digits and dots, marks the phone obligatory, and changes the placeholder with the country', () => {
    render(<Harness />);
    const phone = screen.getByLabelText(/^Número de celular/) as HTMLInputElement;
    expect(screen.getByText('Número de celular').querySelector('.field__required')).toBeTruthy();
    expect(phone.placeholder).toBe('+51 987654321');
    const code = screen.getByRole('combobox', { name: 'Código de país' }) as HTMLSelectElement;
    expect(code.value).toBe('+51');
    fireEvent.change(code, { target: { value: '+502' } });
    expect(phone.placeholder).toBe('+502 45678912');
    fireEvent.change(code, { target: { value: '+1' } });
    expect(phone.placeholder).toBe('+1 5551234567');
    fireEvent.change(phone, { target: { value: '98a7-65.4' } });
    expect(phone.value).toBe('98765.4');
    expect(screen.getByText('Debe tener mínimo 7 dígitos')).toBeTruthy();
    expect(screen.getByText('Si no tienes un número de celular, puedes dar el de un familiar cercano.')).toBeTruthy();
  });
});

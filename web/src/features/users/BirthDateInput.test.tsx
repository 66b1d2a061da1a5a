import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BirthDateInput, displayDate, maskDate, typedDateValue } from './BirthDateInput.tsx';

describe('birth date typing (shown DD/MM/YYYY, kept YYYY-MM-DD)', () => {
  it.each([
    ['2', '2'],
    ['20', '20'],
    ['205', '20/5'],
    ['20/05/1', '20/05/1'],
    ['20a05b1990', '20/05/1990'],
    ['200519901', '20/05/1990'],
  ])('masks %j as %j', (typed, shown) => {
    expect(maskDate(typed)).toBe(shown);
  });

  it('holds YYYY-MM-DD once the date is complete, the partial text before, nothing when empty', () => {
    expect(typedDateValue('20/05/1990')).toBe('1990-05-20');
    expect(typedDateValue('20/05')).toBe('20/05');
    expect(typedDateValue('')).toBe('');
  });

  it('shows a stored date DD/MM/YYYY', () => {
    expect(displayDate('1990-05-20')).toBe('20/05/1990');
    expect(displayDate('1990-02-31')).toBe('31/02/1990');
    expect(displayDate('')).toBe('');
  });

  it('shows the value it was given and reports what is typed', () => {
    function Harness() {
      const [value, setValue] = useState('1988-07-14');
      return (
        <>
          <label htmlFor="d">Fecha</label>
          <BirthDateInput id="d" value={value} min="1900-01-01" max="2026-03-15" onChange={setValue} onBlur={() => undefined} />
          <output>{value}</output>
        </>
      );
    }
    render(<Harness />);
    const input = screen.getByLabelText('Fecha') as HTMLInputElement;
    expect(input.value).toBe('14/07/1988');
    fireEvent.change(input, { target: { value: '0102200' } });
    expect(input.value).toBe('01/02/200');
    expect(screen.getByRole('status').textContent).toBe('01/02/200');
    fireEvent.change(input, { target: { value: '01/02/2001' } });
    expect(screen.getByRole('status').textContent).toBe('2001-02-01');
  });
});

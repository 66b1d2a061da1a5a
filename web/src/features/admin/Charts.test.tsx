import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart } from './Charts.tsx';

describe('LineChart', () => {
  it('labels its first and last day as dd/MM, like the rest of the product, never as an ISO date', () => {
    const days = ['2026-11-01', '2026-11-15', '2026-11-30'];
    const { container } = render(<LineChart days={days} label="Visitas por día" series={[{ name: 'Vistas', values: [1, 2, 3], className: 'chart__views' }]} />);
    const labels = [...container.querySelectorAll('svg text')].map((text) => text.textContent);
    expect(labels).toEqual(expect.arrayContaining(['01/11', '30/11']));
    expect(container.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

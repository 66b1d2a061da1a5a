import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PackageFacts } from './PackageFacts.tsx';

const pkg = {
  id: 1,
  name: 'Kit Portal',
  version: '2.1.0',
  notes: '',
  fileName: 'kit-portal.apk',
  size: 12_345_678,
  uploadedAt: '2026-11-30T10:00:00.000Z',
  downloadUrl: '/api/v3/app/package/1',
};

describe('PackageFacts', () => {
  it('holds only dt/dd groups, the date included, so it is a valid definition list', () => {
    const { container } = render(<PackageFacts pkg={pkg} />);
    const list = container.querySelector('dl');
    const groups = [...(list?.children ?? [])];
    expect(groups.length).toBe(4);
    for (const group of groups) {
      expect(group.tagName).toBe('DIV');
      expect([...group.children].map((child) => child.tagName)).toEqual(['DT', 'DD']);
    }
    expect(groups.at(-1)?.textContent).toMatch(/^Publicado.*2026/);
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCategoryCache } from './category-tree-data.ts';
import { CategoryTree } from './CategoryTree.tsx';

const CHILDREN: Record<string, object[]> = {
  root: [
    { id: 7, name: 'Salud', childrenCount: 2, priority: 2, status_id: 1 },
    { id: 1, name: 'Educación', childrenCount: 0, priority: 1, status_id: 1 },
  ],
  '7': [
    { id: 8, name: 'Primeros auxilios', childrenCount: 0, priority: 1, status_id: 1 },
    { id: 10, name: 'Higiene', childrenCount: 0, priority: 2, status_id: 1 },
  ],
};

/** A kit answering the tree's calls; `failRoot` makes the first root call fail. */
function fakeKit({ failRoot = false } = {}) {
  let rootFailures = failRoot ? 1 : 0;
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://kit');
    const children = /^\/api\/v2\/categories\/(\w+)\/children$/.exec(url.pathname);
    if (children?.[1] === 'root' && rootFailures > 0) {
      rootFailures -= 1;
      return Response.json({ error: { httpCode: 500, type: 'server', code: 'INTERNAL', message: 'x', data: null } }, { status: 500 });
    }
    if (children) return Response.json({ data: CHILDREN[children[1] ?? ''] ?? [] });
    const branch = /^\/api\/v2\/categories\/(\d+)\/branch$/.exec(url.pathname);
    if (branch?.[1] === '10') return Response.json({ data: [{ id: 7 }, { id: 10 }] });
    return Response.json({ data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

function renderTree(selectedId: number | null = null) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <CategoryTree rootId="root" productSlug="biblioteca" selectedId={selectedId} label="Categorías" />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/biblioteca'] },
  );
  render(<RouterProvider router={router} />);
}

const item = (name: string) => screen.getByRole('treeitem', { name });
const row = (name: string) => item(name).querySelector<HTMLElement>(':scope > .category-tree__row');

describe('CategoryTree (SPEC §2, §9)', () => {
  beforeEach(() => resetCategoryCache());
  afterEach(() => resetCategoryCache());

  it('loads the top level, sorted by priority, as an ARIA tree', async () => {
    const fetchMock = fakeKit();
    renderTree();
    await screen.findByRole('tree', { name: 'Categorías' });
    expect(screen.getAllByRole('treeitem').map((el) => el.textContent)).toEqual([
      'Educación',
      'Salud',
    ]);
    expect(item('Salud').getAttribute('aria-expanded')).toBe('false');
    expect(item('Educación').hasAttribute('aria-expanded')).toBe(false);
    expect(item('Educación').getAttribute('aria-level')).toBe('1');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v2/categories/root/children?fields=id%2Cname%2CchildrenCount%2Cpriority%2Cstatus_id');
  });

  it('fetches children only when a node is opened, and makes them 22px narrower', async () => {
    const fetchMock = fakeKit();
    renderTree();
    await screen.findByRole('tree');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(item('Salud').querySelector('.category-tree__toggle') as Element);
    await screen.findByRole('treeitem', { name: 'Higiene' });
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('/api/v2/categories/7/children?fields=');
    expect(item('Salud').getAttribute('aria-expanded')).toBe('true');
    expect(row('Salud')?.style.width).toBe('273px');
    expect(row('Higiene')?.style.width).toBe('251px');
    expect(item('Higiene').getAttribute('aria-level')).toBe('2');
    expect(screen.getByTestId('where').textContent).toBe('/biblioteca');
  });

  it('goes to /{product}?c={id} when a node is clicked', async () => {
    fakeKit();
    renderTree();
    await screen.findByRole('tree');
    fireEvent.click(row('Educación') as Element);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/biblioteca?c=1'));
  });

  it('moves with the arrow keys, opens with ArrowRight and follows a node with Enter', async () => {
    fakeKit();
    renderTree();
    const tree = await screen.findByRole('tree');
    item('Educación').focus();
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(item('Salud'));
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    await screen.findByRole('treeitem', { name: 'Primeros auxilios' });
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(item('Primeros auxilios'));
    fireEvent.keyDown(tree, { key: 'End' });
    expect(document.activeElement).toBe(item('Higiene'));
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(item('Salud'));
    fireEvent.keyDown(tree, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/biblioteca?c=7'));
  });

  it('reveals and marks the selected category', async () => {
    fakeKit();
    renderTree(10);
    await screen.findByRole('treeitem', { name: 'Higiene' });
    expect(item('Salud').getAttribute('aria-expanded')).toBe('true');
    expect(item('Higiene').getAttribute('aria-selected')).toBe('true');
    expect(item('Higiene').tabIndex).toBe(0);
  });

  it('says when the categories could not be loaded and retries', async () => {
    fakeKit({ failRoot: true });
    renderTree();
    expect(await screen.findByText('No se pudieron cargar las categorías.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('treeitem', { name: 'Salud' })).toBeTruthy();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCategoryCache } from './category-tree-data.ts';
import { CategoryTree } from './CategoryTree.tsx';

interface Row {
  id: number;
  name: string;
  childrenCount: number;
  priority: number;
  status_id: number;
}

const CHILDREN: Record<string, Row[]> = {
  root: [
    { id: 7, name: 'Salud', childrenCount: 2, priority: 2, status_id: 1 },
    { id: 1, name: 'Educación', childrenCount: 0, priority: 1, status_id: 1 },
  ],
  '7': [
    { id: 8, name: 'Primeros auxilios', childrenCount: 0, priority: 1, status_id: 1 },
    { id: 10, name: 'Higiene', childrenCount: 0, priority: 2, status_id: 1 },
  ],
};

/**
 * A kit answering the tree's calls; `failRoot` makes the first root call fail;
 * `hold` keeps every read of one list after the first waiting until it is released.
 */
function fakeKit({ failRoot = false, hold }: { failRoot?: boolean; hold?: { list: string; until: Promise<void> } } = {}) {
  let heldReads = 0;
  let rootFailures = failRoot ? 1 : 0;
  // this kit's own copy, in the server's order, so a move changes what it answers next
  const kit: Record<string, Row[]> = Object.fromEntries(
    Object.entries(CHILDREN).map(([key, list]) => [key, [...list].sort((a, b) => a.priority - b.priority)]),
  );
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://kit');
    const children = /^\/api\/v2\/categories\/(\w+)\/children$/.exec(url.pathname);
    if (children?.[1] === 'root' && rootFailures > 0) {
      rootFailures -= 1;
      return Response.json({ error: { httpCode: 500, type: 'server', code: 'INTERNAL', message: 'x', data: null } }, { status: 500 });
    }
    if (children?.[1] === hold?.list && heldReads++ > 0) await hold?.until;
    if (children) return Response.json({ data: (kit[children[1] ?? ''] ?? []).map((c, i) => ({ ...c, priority: i + 1 })) });
    const parent = /^\/api\/v2\/categories\/(\d+)\/change-parent$/.exec(url.pathname);
    if (parent) {
      // appended last under the new parent, as the server does
      const id = Number(parent[1]);
      const to = (JSON.parse(String(init?.body)) as { newParentId: number | null }).newParentId;
      let moving: Row | undefined;
      for (const [key, list] of Object.entries(kit)) {
        moving ??= list.find((c) => c.id === id);
        kit[key] = list.filter((c) => c.id !== id);
        for (const c of kit[key]) c.childrenCount = kit[String(c.id)]?.filter((x) => x.id !== id).length ?? c.childrenCount;
      }
      const key = to === null ? 'root' : String(to);
      kit[key] = [...(kit[key] ?? []), moving as Row];
      return Response.json({ data: moving, siblings: [] });
    }
    const before = /^\/api\/v2\/categories\/(\d+)\/move-before$/.exec(url.pathname);
    if (before) {
      // top-level moves only, which is all these tests make
      const id = Number(before[1]);
      const ref = (JSON.parse(String(init?.body)) as { refCategoryId: number }).refCategoryId;
      const moving = kit.root?.find((c) => c.id === id);
      const rest = (kit.root ?? []).filter((c) => c.id !== id);
      rest.splice(rest.findIndex((c) => c.id === ref), 0, moving as Row);
      kit.root = rest;
      return Response.json({ data: moving, siblings: [] });
    }
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

function renderTree(selectedId: number | null = null, canArrange = false, secondTreeRootId?: number) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <CategoryTree rootId="root" productSlug="biblioteca" selectedId={selectedId} label="Categorías" canArrange={canArrange} />
            {secondTreeRootId !== undefined && <CategoryTree rootId={secondTreeRootId} productSlug="biblioteca" selectedId={null} label="Otra" />}
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

describe('CategoryTree', () => {
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
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
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

  it('gives no drag handle and no Alt + arrow moves to a visitor', async () => {
    const fetchMock = fakeKit();
    renderTree();
    const tree = await screen.findByRole('tree');
    expect(tree.querySelector('.category-tree__handle')).toBeNull();
    expect(tree.hasAttribute('aria-describedby')).toBe(false);
    item('Educación').focus();
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'ArrowUp', altKey: true });
    expect(document.activeElement).toBe(item('Educación'));
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('lets an admin move the focused category with Alt + arrows: the call /admin/category makes, then the list read again', async () => {
    const fetchMock = fakeKit();
    renderTree(null, true);
    const tree = await screen.findByRole('tree');
    expect(item('Salud').querySelector('.category-tree__handle')).not.toBeNull();
    expect(document.getElementById(tree.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Alt + flechas');
    item('Educación').focus();
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect(screen.getAllByRole('treeitem').map((el) => el.textContent)).toEqual(['Salud', 'Educación']));
    const write = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(write?.[0])).toBe('/api/v2/categories/7/move-before');
    expect(JSON.parse(String(write?.[1]?.body))).toEqual({ refCategoryId: 1 });
    await waitFor(() => expect(document.activeElement).toBe(item('Salud')));
    // at the top already: nothing to move past, and nothing sent
    fireEvent.keyDown(tree, { key: 'ArrowUp', altKey: true });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('keeps the focus on a category the keyboard moved to another level, even when the tree draws the move before the move has returned', async () => {
    // a second tree on the page (as /admin/category's client tree) reads its list again slowly,
    // so this tree draws the move (and drops the focused element) before the move is done
    let release = () => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = fakeKit({ hold: { list: '10', until } });
    renderTree(null, true, 10);
    const tree = (await screen.findAllByRole('tree'))[0] as HTMLElement;
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    await screen.findByRole('treeitem', { name: 'Primeros auxilios' });
    act(() => item('Primeros auxilios').focus());
    fireEvent.keyDown(tree, { key: 'ArrowLeft', altKey: true });
    // drawn at the top level, last (after Salud and its Higiene), while the other tree still waits
    await waitFor(() => expect(screen.getAllByRole('treeitem').map((el) => el.firstElementChild?.textContent)).toEqual(['Educación', 'Salud', 'Higiene', 'Primeros auxilios']));
    expect(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')?.[0])).toBe('/api/v2/categories/8/change-parent');
    release();
    await waitFor(() => expect(document.activeElement).toBe(item('Primeros auxilios')));
  });
});

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CATEGORY_FIELDS,
  CategoryFieldsQuerySchema,
  CategoryListResponseSchema,
  CategoryNodeParamsSchema,
  CategoryTypesQuerySchema,
  CategoryTypesResponseSchema,
  DEFAULT_CATEGORY_FIELDS,
  ErrorBodySchema,
  type CategoryField,
} from '@kit/contract';
import { AppError } from '../../errors.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';

const KNOWN_FIELDS = new Set<string>(CATEGORY_FIELDS);

function parseFields(raw: string | undefined): readonly CategoryField[] {
  if (raw === undefined || raw === '') return DEFAULT_CATEGORY_FIELDS;
  const asked = [...new Set(raw.split(','))];
  const unknown = asked.filter((f) => !KNOWN_FIELDS.has(f));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION', { field: 'querystring.fields', reason: `campos desconocidos: ${unknown.join(', ')}` }, 'El campo «querystring.fields» no es válido');
  }
  return asked as CategoryField[];
}

/**
 * Categories, read side (docs/API-library.md "Categories"): the whole tree for the
 * sidebar, and the lazy per-node reads the tree and the admin's drag and drop
 * use. Hidden categories and their subtrees exist only for admins.
 */
export const categoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/content/types',
    { schema: { querystring: CategoryTypesQuerySchema, response: { 200: CategoryTypesResponseSchema, '4xx': ErrorBodySchema } } },
    async (request) => {
      const tree = CategoryTree.load(app.db, request.viewer);
      const graph = request.query.graph === 'true' || request.query.graph === '1';
      return { data: graph ? tree.nested() : tree.flat() };
    },
  );

  const schema = {
    params: CategoryNodeParamsSchema,
    querystring: CategoryFieldsQuerySchema,
    response: { 200: CategoryListResponseSchema, '4xx': ErrorBodySchema },
  };

  /** The node, or null for root; 404 for an unknown or hidden id. */
  const nodeOf = (tree: CategoryTree, id: string): ReturnType<CategoryTree['get']> => {
    if (id === 'root') return null;
    const node = tree.get(Number(id));
    if (!node) throw new AppError('CATEGORY_NOT_FOUND');
    return node;
  };

  app.get('/v2/categories/:id/children', { schema }, async (request) => {
    const fields = parseFields(request.query.fields);
    const tree = CategoryTree.load(app.db, request.viewer);
    const node = nodeOf(tree, request.params.id);
    return { data: tree.children(node?.id ?? null).map((c) => tree.pick(c, fields)) };
  });

  // Siblings include the node itself, all sorted by priority (what a drop
  // "before"/"after" is placed among). Root has none.
  app.get('/v2/categories/:id/siblings', { schema }, async (request) => {
    const fields = parseFields(request.query.fields);
    const tree = CategoryTree.load(app.db, request.viewer);
    const node = nodeOf(tree, request.params.id);
    if (!node) return { data: [] };
    const parent = node.parent_id !== null && tree.get(node.parent_id) ? node.parent_id : null;
    return { data: tree.children(parent).map((c) => tree.pick(c, fields)) };
  });

  // From the top level down to the node itself; root is the empty path.
  app.get('/v2/categories/:id/branch', { schema }, async (request) => {
    const fields = parseFields(request.query.fields);
    const tree = CategoryTree.load(app.db, request.viewer);
    const node = nodeOf(tree, request.params.id);
    if (!node) return { data: [] };
    return { data: tree.branch(node.id).map((c) => tree.pick(c, fields)) };
  });
};

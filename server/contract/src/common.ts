import { Type, type Static } from 'typebox';

/** docs/PRODUCT.md#error-object error object, the body of every failed call. */
export const ErrorBodySchema = Type.Object({
  error: Type.Object({
    httpCode: Type.Integer(),
    type: Type.String(),
    code: Type.String(),
    message: Type.String(),
    data: Type.Unknown(),
  }),
});
export type ErrorBody = Static<typeof ErrorBodySchema>;
/** A route's error replies: the error object for any 4xx or 5xx (spread into its `response` schemas). */
export const ErrorResponses = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** docs/PRODUCT.md#paged-answers paged results. */
export const pagedSchema = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    from: Type.Union([Type.Integer(), Type.Null()]),
    to: Type.Union([Type.Integer(), Type.Null()]),
    per_page: Type.Integer(),
    last_page: Type.Integer(),
    total: Type.Integer(),
    current_page: Type.Integer(),
  });

export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Literal('ok'),
  /** `full`: less free space on the data disk than the reserve; uploads, imports and backups are refused (507 DISK_FULL) */
  disk: Type.Union([Type.Literal('ok'), Type.Literal('full')]),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
});
export type Health = Static<typeof HealthSchema>;

import { Type, type Static } from 'typebox';
import { ServicesModeSchema } from './menu.ts';

/** docs/PRODUCT.md#client-config Config, answered by GET /api/v2/id/config. */
export const ClientConfigSchema = Type.Object({
  isKit: Type.Boolean(),
  backendURL: Type.String(),
  backendHostHeader: Type.String(),
  resourceModeration: Type.Boolean(),
  restrictedMode: Type.Boolean(),
  appDenyDownloadsForUsers: Type.Boolean(),
  tutorialCategoryId: Type.Union([Type.Integer(), Type.Null()]),
  clientCategoryId: Type.Union([Type.Integer(), Type.Null()]),
  os: Type.String(),
  isOldBrowser: Type.Boolean(),
  seeDesktop: Type.Boolean(),
  device: Type.Union([Type.Literal('smartphone'), Type.Literal('tablet'), Type.Literal('desktop')]),
  deniedUsers: Type.Array(Type.Integer()),
  servicesMode: ServicesModeSchema,
  productSlug: Type.String(),
  productName: Type.String(),
  contactEmail: Type.String(),
  contactPhones: Type.Array(Type.String()),
  version: Type.String(),
});
export type ClientConfig = Static<typeof ClientConfigSchema>;

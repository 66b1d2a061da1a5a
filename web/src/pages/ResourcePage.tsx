import { useLoaderData } from 'react-router';
import type { ResourceData } from '../features/resources/resource-loaders.ts';
import { ResourceView } from '../features/resources/ResourceView.tsx';

/** `/resource/{id}`: one resource of any type (docs/PRODUCT.md#pages). */
export function ResourcePage() {
  const { context, resource } = useLoaderData<ResourceData>();
  return <ResourceView key={resource.id} resource={resource} productSlug={context.productSlug} />;
}

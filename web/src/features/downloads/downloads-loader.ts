import type { Package } from '@kit/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { getAppPackage } from '../../api/downloads.ts';

export interface AppDownloadData {
  pkg: Package | null;
}

/** /extra/download: the group's mobile app, or null until an admin uploads it. */
export async function appDownloadLoader({ request }: LoaderFunctionArgs): Promise<AppDownloadData> {
  return { pkg: await getAppPackage(request.signal) };
}

import type { AppPage } from '@kit/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { getApps } from '../../api/downloads.ts';
import { parsePage } from '../library/list-params.ts';

export interface AppsData {
  apps: AppPage;
}

/** /uapps?page= : the apps repository. */
export async function appsLoader({ request }: LoaderFunctionArgs): Promise<AppsData> {
  const page = parsePage(new URL(request.url).searchParams.get('page'));
  return { apps: await getApps(page, request.signal) };
}

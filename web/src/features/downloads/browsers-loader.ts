import type { Package } from '@kit/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { getBrowserPackages } from '../../api/downloads.ts';

export interface BrowsersData {
  packages: Package[];
}

/** /extra/download-browser: the browsers admins uploaded for old phones and computers. */
export async function browsersLoader({ request }: LoaderFunctionArgs): Promise<BrowsersData> {
  return { packages: await getBrowserPackages(request.signal) };
}

import { API_BASE } from '../../../shared/constants';
import { staffToken } from '../../api';

/** Downloads a CSV with the staff token (a plain link would carry none), under the name the server gives. */
export async function downloadCsv(path: string, query: URLSearchParams): Promise<void> {
  const res = await fetch(`${API_BASE}${path}?${query}`, {
    headers: { authorization: `Staff ${staffToken.get() ?? ''}` },
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('text/csv')) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'The CSV could not be made; check the dates');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

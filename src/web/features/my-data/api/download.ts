import { API_BASE } from '../../../../shared/constants';
import { commonParts } from '../../../lib/api';

/**
 * Downloads My data as a file: fetched with the session header (a plain link would carry no
 * session inside the app), then saved from a blob address.
 */
export async function downloadMyData(format: 'json' | 'html'): Promise<boolean> {
  const res = await fetch(`${API_BASE}/v3/privacy/download?format=${format}`, {
    headers: commonParts().headers,
    credentials: 'same-origin',
  });
  if (!res.ok) return false;
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `hiram-my-data.${format}`;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

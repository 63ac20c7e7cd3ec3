import { useEffect, useState } from 'react';
import { API_BASE } from '../../../../shared/constants';
import { commonParts } from '../../../lib/api';

export interface OwnerImage {
  src: string | undefined;
  failed: boolean;
}

/**
 * Uploaded pictures are served only to their owner (architecture.md: Sessions), so an <img> cannot load them by
 * address alone: the picture is fetched with the session header and shown from a blob address,
 * released when the image leaves the page.
 */
export function useOwnerImage(url: string): OwnerImage {
  const isOurs = url.startsWith(`${API_BASE}/`);
  const [state, setState] = useState<OwnerImage>({ src: isOurs ? undefined : url, failed: false });
  useEffect(() => {
    if (!isOurs) {
      setState({ src: url, failed: false });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | undefined;
    setState({ src: undefined, failed: false });
    fetch(url, { headers: commonParts().headers, signal: controller.signal, credentials: 'same-origin' })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src: undefined, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, isOurs]);
  return state;
}

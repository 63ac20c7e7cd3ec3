import { useCallback, useEffect, useRef, useState } from 'react';
import { ClientCode } from '../api';
import { t } from '../i18n';
import { showToast } from '../toast';
import { captchaImageUrl, fetchSid } from './get-sid';

export interface Captcha {
  /** The sid of the picture on screen; undefined until one loaded. */
  sid: string | undefined;
  src: string | undefined;
  /** The picture could not be shown: the box offers a new one instead. */
  failed: boolean;
  load: () => Promise<void>;
  onImageError: () => void;
}

/**
 * spec 001 §7: a new sid from get-sid, then its image from get-captcha?sid=…&t=…. The promotion
 * page shows one from the start; the web login only once the server asks for it.
 */
export function useCaptcha({ loadOnMount = true }: { loadOnMount?: boolean } = {}): Captcha {
  const [current, setCurrent] = useState<{ sid: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const load = useCallback(async () => {
    const result = await fetchSid();
    if (result.success && result.data) {
      setCurrent({ sid: result.data.sid, src: captchaImageUrl(result.data.sid) });
      setFailed(false);
      return;
    }
    setCurrent(null);
    setFailed(true);
    showToast(result.code === ClientCode.NETWORK ? t('promotion.networkError') : result.message);
  }, []);

  useEffect(() => {
    // Once per page, even when React runs effects twice in development.
    if (started.current || !loadOnMount) return;
    started.current = true;
    void load();
  }, [load, loadOnMount]);

  return { sid: current?.sid, src: current?.src, failed, load, onImageError: () => setFailed(true) };
}

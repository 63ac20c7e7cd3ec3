import { useCallback, useEffect, useRef, useState } from 'react';
import { ClientCode } from '../../lib/api';
import { t } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { captchaImageUrl, fetchSid } from './api/get-sid';

export interface Captcha {
  /** The sid of the picture on screen; undefined until one loaded. */
  sid: string | undefined;
  src: string | undefined;
  /** The picture could not be shown: the box offers a new one instead. */
  failed: boolean;
  load: () => Promise<void>;
  onImageError: () => void;
}

/** spec 001 §7: a new sid from get-sid, then its image from get-captcha?sid=…&t=…. */
export function useCaptcha(): Captcha {
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
    if (started.current) return;
    started.current = true;
    void load();
  }, [load]);

  return { sid: current?.sid, src: current?.src, failed, load, onImageError: () => setFailed(true) };
}

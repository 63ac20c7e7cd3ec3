import { useLocation, useNavigate } from '../../../lib/router';
import { closeWebview } from '../../../lib/native-bridge';

/**
 * Back within the complaint pages; on the page the app opened first there is nothing behind it,
 * so the webview closes (a browser goes back or home, per the native bridge).
 */
export function useBackOrClose(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') void navigate(-1);
    else closeWebview();
  };
}

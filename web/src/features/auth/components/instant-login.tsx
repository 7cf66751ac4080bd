/**
 * Links the product sends may carry an instant-login token (`?InstantLoginToken=...`). It is exchanged for
 * a session, then removed from the address bar; a failed exchange goes to /Login?InvalidAccessToken=true
 * (docs/product.md#states).
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { INSTANT_LOGIN_PARAM, paths } from '../../../paths';
import { exchangeInstantLoginToken } from '../api/exchange-instant-login-token';
import { useAuth } from '../auth-context';

export function InstantLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get(INSTANT_LOGIN_PARAM);
    if (!token || handled.current === token) return;
    handled.current = token;
    params.delete(INSTANT_LOGIN_PARAM);
    const search = params.toString();
    const cleanUrl = `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
    exchangeInstantLoginToken(token).then(
      (tokens) => {
        signIn(tokens, false);
        void navigate(cleanUrl, { replace: true });
      },
      () => void navigate(paths.login({ InvalidAccessToken: true }), { replace: true }),
    );
  }, [location, navigate, signIn]);

  return null;
}

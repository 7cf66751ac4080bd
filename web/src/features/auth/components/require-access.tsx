/** Layout route that applies the guard decision to its child routes. */
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadError } from '../../../ui/load-error';
import { PageLoader } from '../../../ui/page-loader';
import { useAuth } from '../auth-context';
import { decideAccess, type RouteAccess } from '../guard';

export function RequireAccess({ access }: { access: RouteAccess }) {
  const { snapshot, reloadProfile } = useAuth();
  const location = useLocation();
  const decision = decideAccess(access, snapshot, location);
  switch (decision.type) {
    case 'allow':
      return <Outlet />;
    case 'wait':
      return <PageLoader />;
    case 'error':
      return <LoadError onRetry={reloadProfile} />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
  }
}

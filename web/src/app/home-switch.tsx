/** `/`: patient home for patients, nutritionist home for nutritionists, the marketing page otherwise. */
import { useAuth } from '../features/auth/auth-context';
import { homeKindFor } from '../features/auth/guard';
import { PageLoader } from '../ui/page-loader';
import { Pages } from './pages';

export function HomeSwitch() {
  const { snapshot } = useAuth();
  switch (homeKindFor(snapshot)) {
    case 'wait':
      return <PageLoader />;
    case 'patient':
      return <Pages.PatientHome />;
    case 'nutritionist':
      return <Pages.NutritionistHome />;
    case 'public':
      return <Pages.Home />;
  }
}

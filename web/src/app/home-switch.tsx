/**
 * `/`: patient home for patients, nutritionist home for nutritionists, the marketing page otherwise. The
 * marketing page is a chunk of its own (app/areas/home.ts): a first visit of `/` is prerendered, so the
 * page shows from its HTML, and the app takes the home over when the chunk has arrived.
 */
import { useAuth, homeKindFor } from '../features/auth';
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

/**
 * `/`: patient home for patients, nutritionist home for nutritionists, the marketing page otherwise. The
 * marketing page is part of the entry chunk (not a lazy area): a first visit of `/` then draws it in the
 * first render, without waiting for one more chunk; its sections below the fold load on their own.
 */
import { useAuth, homeKindFor } from '../features/auth';
import { HomePage } from '../features/public';
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
      return <HomePage />;
  }
}

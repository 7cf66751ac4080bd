/** BusinessAdmin area chunk (/Admin...). */
import '../../styles/all';
export { AdminHomePage } from '../../features/admin/pages/admin-home-page';
export { AdminContentPage } from '../../features/admin/content/pages/admin-content-page';
export { AdminTagsPage } from '../../features/admin/content/pages/admin-tags-page';
export { GalleryPage } from '../../features/admin/content/pages/gallery-page';
export { StaticContentEditPage } from '../../features/admin/content/pages/static-content-edit-page';
export { AdminNutritionistProfilePage } from '../../features/admin/nutritionists/pages/admin-nutritionist-profile-page';
export { AdminNutritionistsPage } from '../../features/admin/nutritionists/pages/admin-nutritionists-page';
export { UnassignedPatientsPage } from '../../features/admin/unassigned-patients/pages/unassigned-patients-page';
export { AdminReviewsPage } from '../../features/admin/reviews/pages/admin-reviews-page';

/** BusinessAdmin area chunk (/Admin...). */
import '../../styles/all';
export { AdminHomePage } from '../../features/admin/pages';
export { AdminContentPage } from '../../features/admin/pages';
export { AdminTagsPage } from '../../features/admin/pages';
export { GalleryPage } from '../../features/admin/pages';
export { StaticContentEditPage } from '../../features/admin/pages';
export { AdminNutritionistProfilePage } from '../../features/admin/pages';
export { AdminNutritionistsPage } from '../../features/admin/pages';
export { UnassignedPatientsPage } from '../../features/admin/pages';
export { AdminReviewsPage } from '../../features/admin/pages';
export { AdminBookingsPage } from '../../features/admin/pages';
export { BouncedMailsPage } from '../../features/admin/pages';
export { PatientEventsPage } from '../../features/admin/pages';
export { TallyWebhooksPage } from '../../features/admin/pages';
export { WhatsAppLogPage } from '../../features/admin/pages';
export { AdminInvoicingPage, BookingsToInvoicePage } from '../../features/admin/pages';

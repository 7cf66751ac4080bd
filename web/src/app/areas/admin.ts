/** BusinessAdmin area chunk (/Admin...). */
export { AdminHomePage } from '../../features/admin/pages/admin-home-page';

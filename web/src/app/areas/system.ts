/** SystemAdmin area chunk (/SystemSettings...). */
export { SystemHomePage } from '../../features/system/pages/system-home-page';

/** UserManager area chunk (/Users...). */
export { UsersHomePage } from '../../features/users/pages/users-home-page';

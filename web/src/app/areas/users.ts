/** UserManager area chunk (/Users...). */
import '../../styles/all';
export { UsersHomePage, UserListPage, EditUserPage } from '../../features/users/pages';

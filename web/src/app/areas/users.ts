/** UserManager area chunk (/Users...). */
import '../../styles/all';
export { UsersHomePage } from '../../features/users/pages';

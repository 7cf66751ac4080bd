/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { UsersHomePage } from './pages/users-home-page';
export { UserListPage } from './pages/user-list-page';
export { EditUserPage } from './pages/edit-user-page';

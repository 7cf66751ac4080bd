/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { UsersHomePage } from './pages/users-home-page';

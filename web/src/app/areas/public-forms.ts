/** Public forms chunk: contact and join-the-team (they bring the zod schemas the other public pages skip). */
import '../../styles/forms';
export { ContactPage } from '../../features/public/pages';
export { JoinTeamPage } from '../../features/public/pages';

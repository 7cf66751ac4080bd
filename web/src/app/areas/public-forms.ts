/** Public forms chunk: contact and join-the-team (they bring the zod schemas the other public pages skip). */
import '../../styles/forms';
export { ContactPage } from '../../features/public/pages/contact-page';
export { JoinTeamPage } from '../../features/public/pages/join-team-page';

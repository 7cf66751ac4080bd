/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { VideoRoomPage } from './pages/video-room-page';

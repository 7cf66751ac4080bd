/** Video room chunk (/Patients/Agenda/{id}/VideoRoom, /AreaNutritionists/Bookings/{id}/VideoRoom): WebRTC loads only here. */
import '../../styles/all';
export { VideoRoomPage } from '../../features/video/pages';

/** What other features use of the video room: the way in (its lazy pages are in pages.ts). */
export { VideoRoomButton, videoRoomPath } from './components/video-room-link';

/**
 * What other features use of the video room: its paths. The way in (VideoRoomButton) is in src/ui, so the
 * booking cards can show it without depending on this feature (which uses the chat); the pages are in
 * pages.ts.
 */
export { videoRoomPath } from '../../ui/video-room-button';

/** What other areas use of this area. */
export { leaveRoomOfConnection } from './signalling';

/** What other areas use of the realtime area. */
export { closeSessionConnections } from './session-connections';

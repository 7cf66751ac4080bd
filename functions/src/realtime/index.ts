/** What other areas use of the realtime area. */
export { closeSessionConnections } from './session-connections';
export { deleteGoneConnection, listConnectionsOldestFirst, listUserConnections } from './connections-repo';
export { issueTicket } from './tickets-repo';

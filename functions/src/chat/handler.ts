/** Lambda entry of the `chat` area: connection tickets, conversations and message history (REST). */
import { createAreaHandler } from '../http/area-handler';
import {
  archiveConversation,
  createConnectionTicket,
  getDirectConversation,
  getMessages,
  getNutritionistConversations,
  getPatientConversations,
} from './conversations';

export const handler = createAreaHandler('chat', {
  rest: {
    createConnectionTicket,
    getPatientConversations,
    getNutritionistConversations,
    getDirectConversation,
    getMessages,
    archiveConversation,
  },
  webSocket: {},
});

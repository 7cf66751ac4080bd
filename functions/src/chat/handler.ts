/** Lambda entry of the `chat` area: connection tickets, conversations, message history and files (REST). */
import { createAreaHandler } from '../http/area-handler';
import { chatRoutes } from '../route-table/chat';
import { isSessionActive } from '../accounts';
import { confirmFileUpload, createFileUpload, getConversationFiles } from './chat-files';
import {
  archiveConversation,
  createConnectionTicket,
  getDirectConversation,
  getMessages,
  getNutritionistConversations,
  getPatientConversations,
} from './conversations';
import { getChatViewerConversations, getChatViewerMessages, searchChatViewerUsers } from './chat-viewer';
import { sendUrgentChatMessageNotification } from './urgent-notice';

export const handler = createAreaHandler(
  chatRoutes,
  {
    rest: {
      createConnectionTicket,
      getPatientConversations,
      getNutritionistConversations,
      getDirectConversation,
      getMessages,
      archiveConversation,
      searchChatViewerUsers,
      getChatViewerConversations,
      getChatViewerMessages,
      createFileUpload,
      confirmFileUpload,
      getConversationFiles,
      sendUrgentChatMessageNotification,
    },
    webSocket: {},
  },
  isSessionActive,
);

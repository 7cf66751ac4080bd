/** Lambda entry of the `chat` area: connection tickets, conversations, message history and files (REST). */
import { createAreaHandler, lazyOperation } from '../http/area-handler';
import { chatRoutes } from '../route-table/chat';
import { isSessionActive } from '../accounts/start';

// An operation's module (its schemas, the code only it uses) is read by the first request that needs it.
const loadChatFiles = () => import('./chat-files');
const loadConversations = () => import('./conversations');
const loadChatViewer = () => import('./chat-viewer');
const loadUrgentNotice = () => import('./urgent-notice');
const loadUrgentNoticeAdmin = () => import('./urgent-notice-admin');
const loadWhatsAppWebhook = () => import('./whatsapp-status-webhook');

export const handler = createAreaHandler(
  chatRoutes,
  {
    rest: {
      createConnectionTicket: lazyOperation(loadConversations, 'createConnectionTicket'),
      getPatientConversations: lazyOperation(loadConversations, 'getPatientConversations'),
      getNutritionistConversations: lazyOperation(loadConversations, 'getNutritionistConversations'),
      getDirectConversation: lazyOperation(loadConversations, 'getDirectConversation'),
      getMessages: lazyOperation(loadConversations, 'getMessages'),
      archiveConversation: lazyOperation(loadConversations, 'archiveConversation'),
      searchChatViewerUsers: lazyOperation(loadChatViewer, 'searchChatViewerUsers'),
      getChatViewerConversations: lazyOperation(loadChatViewer, 'getChatViewerConversations'),
      getChatViewerMessages: lazyOperation(loadChatViewer, 'getChatViewerMessages'),
      createFileUpload: lazyOperation(loadChatFiles, 'createFileUpload'),
      confirmFileUpload: lazyOperation(loadChatFiles, 'confirmFileUpload'),
      getConversationFiles: lazyOperation(loadChatFiles, 'getConversationFiles'),
      sendUrgentChatMessageNotification: lazyOperation(loadUrgentNotice, 'sendUrgentChatMessageNotification'),
      receiveWhatsAppWebhook: lazyOperation(loadWhatsAppWebhook, 'receiveWhatsAppWebhook'),
      verifyWhatsAppWebhook: lazyOperation(loadWhatsAppWebhook, 'verifyWhatsAppWebhook'),
      listUrgentNoticesForAdmin: lazyOperation(loadUrgentNoticeAdmin, 'listUrgentNoticesForAdmin'),
    },
    webSocket: {},
  },
  isSessionActive,
);

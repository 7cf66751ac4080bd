/** The chat area's routes, all its Lambda reads at start (the whole table: functions/src/routes.ts). */
import { api, type RestRoute } from './types';

export const chatRestRoutes = [
  // Chat (docs/product.md#api, Chat): connection ticket for the realtime channel, conversations, history.
  {
    method: 'POST',
    path: api('Chat/ConnectionTicket'),
    area: 'chat',
    operation: 'createConnectionTicket',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/PatientConversations'),
    area: 'chat',
    operation: 'getPatientConversations',
    access: ['Patient'],
  },
  {
    method: 'GET',
    path: api('Chat/NutritionistConversations'),
    area: 'chat',
    operation: 'getNutritionistConversations',
    access: ['Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/DirectConversation/{userId}'),
    area: 'chat',
    operation: 'getDirectConversation',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/Messages/{userId}'),
    area: 'chat',
    operation: 'getMessages',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'PUT',
    path: api('Chat/Conversation/{conversationSid}/Archive'),
    area: 'chat',
    operation: 'archiveConversation',
    access: ['Nutritionist'],
  },
  // The SystemAdmin chat viewer (docs/product.md#screens, /SystemSettings/ChatViewer): read-only, every read audited.
  {
    method: 'GET',
    path: api('Chat/Viewer/Users'),
    area: 'chat',
    operation: 'searchChatViewerUsers',
    access: ['SystemAdmin'],
  },
  {
    method: 'GET',
    path: api('Chat/Viewer/Users/{userId}/Conversations'),
    area: 'chat',
    operation: 'getChatViewerConversations',
    access: ['SystemAdmin'],
  },
  {
    method: 'GET',
    path: api('Chat/Viewer/Conversations/{conversationSid}/Messages'),
    area: 'chat',
    operation: 'getChatViewerMessages',
    access: ['SystemAdmin'],
  },
  // The nutritionist's urgent WhatsApp notice to one of their patients (docs/product.md#api, Nutritionist).
  {
    method: 'POST',
    path: api('CurrentNutritionist/Patients/{id}/SendUrgentChatMessageNotification'),
    area: 'chat',
    operation: 'sendUrgentChatMessageNotification',
    access: ['Nutritionist'],
  },
  // Chat files: presigned POST (the spec's SasToken), the confirm that posts the SendFile message, the list.
  {
    method: 'POST',
    path: api('Chat/Messages/{userId}/SasToken'),
    area: 'chat',
    operation: 'createFileUpload',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'POST',
    path: api('Chat/Messages/{userId}/Files'),
    area: 'chat',
    operation: 'confirmFileUpload',
    access: ['Patient', 'Nutritionist'],
  },
  {
    method: 'GET',
    path: api('Chat/Files/{userId}'),
    area: 'chat',
    operation: 'getConversationFiles',
    access: ['Patient', 'Nutritionist'],
  },
  // The WhatsApp Cloud API's status webhook (signed by Meta; GET is Meta's subscription check) and the
  // back office's WhatsApp log.
  {
    method: 'GET',
    path: api('WhatsApp/Webhook'),
    area: 'chat',
    operation: 'verifyWhatsAppWebhook',
    access: 'public',
  },
  {
    method: 'POST',
    path: api('WhatsApp/Webhook'),
    area: 'chat',
    operation: 'receiveWhatsAppWebhook',
    access: 'public',
    rawBody: true,
  },
  {
    method: 'GET',
    path: api('Admin/Whatsapp'),
    area: 'chat',
    operation: 'listUrgentNoticesForAdmin',
    access: ['BusinessAdmin'],
  },
] as const satisfies readonly RestRoute[];

export const chatRoutes = { area: 'chat', rest: chatRestRoutes, webSocket: [] } as const;

/** What other features use of the chat: its realtime channel and the pair's conversation window. */
export { PairConversation } from './components/pair-conversation';
export { ChatSocket, type ChatSocketEvent, type ConnectionStatus } from './realtime/chat-socket';

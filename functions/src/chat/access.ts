/**
 * Who may talk to whom (docs/product.md#roles): a patient and their own nutritionist. A conversation that
 * already exists stays readable to its two members (its id is derived from the pair, so finding it by
 * the pair proves membership), e.g. after the patient changed nutritionist. Anyone else gets 404, the
 * same answer as for a user that does not exist, so ids cannot be probed.
 */
import type { ChatRole } from '@nutri/shared';
import type { Actor } from '../http/actor';
import { notFound } from '../http/errors';
import { getPatientProfile } from '../onboarding';
import { conversationSidFor, getConversation, type Conversation } from './chat-repo';

/** The chat role of a signed-in user (routes admit only Patient and Nutritionist). */
export const chatRoleOf = (actor: Pick<Actor, 'roles'>): ChatRole =>
  actor.roles.includes('Nutritionist') ? 'Nutritionist' : 'Patient';

export interface ChatPair {
  patientUserId: string;
  nutritionistUserId: string;
  /** Null while the pair has not written yet (created on first selection). */
  conversation: Conversation | null;
}

/** The pair of the caller and the other user, or 404 when they may not talk. */
export const resolvePair = async (
  me: { userId: string; role: ChatRole },
  otherUserId: string,
): Promise<ChatPair> => {
  if (otherUserId === me.userId) throw notFound();
  const patientUserId = me.role === 'Patient' ? me.userId : otherUserId;
  const nutritionistUserId = me.role === 'Patient' ? otherUserId : me.userId;
  const conversation = await getConversation(conversationSidFor(patientUserId, nutritionistUserId));
  if (conversation) return { patientUserId, nutritionistUserId, conversation };
  const patient = await getPatientProfile(patientUserId);
  if (patient?.DefaultNutritionistUserId !== nutritionistUserId) throw notFound();
  return { patientUserId, nutritionistUserId, conversation: null };
};

/** The conversation by id when the caller is one of its members, else 404. */
export const conversationOfMember = async (conversationSid: string, userId: string) => {
  const conversation = await getConversation(conversationSid);
  if (!conversation || (conversation.PatientUserId !== userId && conversation.NutritionistUserId !== userId))
    throw notFound();
  return conversation;
};

/** The other member of a conversation. */
export const otherMemberOf = (conversation: Conversation, userId: string) =>
  conversation.PatientUserId === userId ? conversation.NutritionistUserId : conversation.PatientUserId;

/** The pair's conversation id if they have one (the video room's chat panel), null before their first message. */
export const pairConversationSid = async (patientUserId: string, nutritionistUserId: string) =>
  (await getConversation(conversationSidFor(patientUserId, nutritionistUserId)))?.ConversationSid ?? null;

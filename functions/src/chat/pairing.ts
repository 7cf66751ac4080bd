/**
 * The chat lists follow the patient–nutritionist pairing: a patient's list shows their nutritionist and
 * a nutritionist's shows their patients even before the pair has a conversation (docs/product.md#api,
 * Chat). So when onboarding pairs a patient (sign-up with a match, late assignment, change of
 * nutritionist), the open chat screens of those involved are told: ConversationAdded to the new pair,
 * ConversationRemoved to the old pair when it leaves both lists, which is only when it never had a
 * conversation (one that exists stays readable to its members, see access.ts).
 */
import { logger } from '../platform/logger';
import { conversationSidFor, getConversation } from './chat-repo';
import { pushConversationAdded, pushConversationRemoved } from './push';

/**
 * Announces a new pairing, and the end of `previousNutritionistUserId`'s. Best effort, after the pairing
 * was stored: a failure is logged and never fails the onboarding step (screens reload on reconnect).
 */
export const announcePairing = async (
  patientUserId: string,
  nutritionistUserId: string,
  previousNutritionistUserId: string | null = null,
) => {
  try {
    const [current, previous] = await Promise.all([
      getConversation(conversationSidFor(patientUserId, nutritionistUserId)),
      previousNutritionistUserId
        ? getConversation(conversationSidFor(patientUserId, previousNutritionistUserId))
        : Promise.resolve(null),
    ]);
    await Promise.all([
      pushConversationAdded(
        { PatientUserId: patientUserId, NutritionistUserId: nutritionistUserId },
        current?.ConversationSid ?? null,
      ),
      previousNutritionistUserId && !previous
        ? pushConversationRemoved({
            PatientUserId: patientUserId,
            NutritionistUserId: previousNutritionistUserId,
          })
        : Promise.resolve(),
    ]);
  } catch (error) {
    logger.warn('Pairing announcement failed', { reason: error instanceof Error ? error.name : 'Error' });
  }
};

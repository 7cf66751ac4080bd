/**
 * The accounts area's part of a user's export (docs/product.md#privacy-centre): the user item (without the
 * password hash), the sign-in sessions (refresh families, no token) and the log of mails sent to them.
 */
import { exportable, indexItems, itemByKey, type PersonalData } from '../platform/personal-data';

export const accountPersonalData = async (userId: string): Promise<PersonalData[]> => {
  const [user, sessions, mails] = await Promise.all([
    itemByKey(`USER#${userId}`, 'PROFILE'),
    indexItems('gsi1', `USER#${userId}`, 'RTFAM#'),
    indexItems('gsi1', `USER#${userId}#MAILS`),
  ]);
  return [
    { section: 'account', items: user.map(exportable) },
    { section: 'sessions', items: sessions.map(exportable) },
    { section: 'mails', items: mails.map(exportable) },
  ];
};

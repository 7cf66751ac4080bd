/**
 * The chat area's part of a user's export (docs/product.md#privacy-centre): each conversation they are a
 * member of (found through their own gsi1 partition) with its messages and file entries, and the files
 * themselves from the private bucket; the urgent WhatsApp notices sent about them.
 */
import { exportable, indexItems, partitionItems, type PersonalData } from '../platform/personal-data';

// Upload slots and message id guards are bookkeeping, not content.
const isContent = (item: Record<string, unknown>) => !/^(UPLOAD|MSGID)#/.test(String(item.sk));

export const chatPersonalData = async (userId: string): Promise<PersonalData[]> => {
  const [memberships, notices] = await Promise.all([
    indexItems('gsi1', `CONVERSATIONS#${userId}`),
    indexItems('gsi1', `PATIENT#${userId}#WANOTICES`),
  ]);
  const conversations = await Promise.all(memberships.map((member) => partitionItems(String(member.pk))));
  const items = conversations.flat().filter(isContent);
  const files = items.flatMap((item) =>
    String(item.sk).startsWith('FILE#') && typeof item.FileKey === 'string'
      ? [
          {
            key: item.FileKey,
            name: `chat-files/${String(item.pk).slice(5)}/${String(item.sk).slice(5)}-${(typeof item.FileDisplayName === 'string' ? item.FileDisplayName : 'file').replace(/[/\\]/g, '_')}`,
          },
        ]
      : [],
  );
  return [
    { section: 'chat', items: items.map(exportable), files },
    { section: 'urgent-notices', items: notices.map(exportable) },
  ];
};

/**
 * The chat area's part of a patient's erasure (docs/product.md#privacy-centre): every conversation they
 * are a member of goes (conversation, members, messages, files and their objects in the private bucket),
 * with the urgent WhatsApp notices sent about them.
 */
import { config } from '../platform/config';
import { deleteObject } from '../platform/files';
import { deleteItems, indexItems, itemByKey, partitionItems } from '../platform/personal-data';

export const eraseChatData = async (userId: string): Promise<number> => {
  const [memberships, notices] = await Promise.all([
    indexItems('gsi1', `CONVERSATIONS#${userId}`),
    indexItems('gsi1', `PATIENT#${userId}#WANOTICES`),
  ]);
  const items = (await Promise.all(memberships.map((member) => partitionItems(String(member.pk))))).flat();
  const objects = items.flatMap((item) =>
    [item.FileKey, item.FilePreviewKey].filter((key): key is string => typeof key === 'string' && key !== ''),
  );
  for (const key of objects) await deleteObject(config().FILES_BUCKET, key);
  const pointers = await Promise.all(
    notices.flatMap((notice) =>
      typeof notice.ProviderMessageId === 'string'
        ? [itemByKey(`WAMSG#${notice.ProviderMessageId}`, 'WAMSG')]
        : [],
    ),
  );
  return deleteItems([...items, ...notices, ...pointers.flat()]);
};

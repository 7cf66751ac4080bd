/**
 * The payments area's part of a user's export (docs/product.md#privacy-centre): the invoices and credit
 * notes made out to the patient, and the STS oppositions of their visits.
 */
import { exportable, indexItems, itemByKey, type PersonalData } from '../platform/personal-data';

export const paymentPersonalData = async (
  userId: string,
  bookingIds: readonly number[],
): Promise<PersonalData[]> => {
  const [documents, oppositions] = await Promise.all([
    indexItems('gsi2', `INVOICES#PATIENT#${userId}`),
    Promise.all(bookingIds.map((id) => itemByKey(`BOOKING#${id}`, 'STSOPPOSITION'))),
  ]);
  return [
    {
      section: 'invoices',
      items: documents.map(exportable),
      files: documents.flatMap((document) =>
        typeof document.PdfKey === 'string' && document.PdfKey
          ? [
              {
                key: document.PdfKey,
                name: `invoices/${String(document.pk).slice(8)}-${String(document.sk)}.pdf`,
              },
            ]
          : [],
      ),
    },
    { section: 'sts-oppositions', items: oppositions.flat().map(exportable) },
  ];
};

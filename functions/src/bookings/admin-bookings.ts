/**
 * The back office's bookings (docs/product.md#back-office-bookings), BusinessAdmin only: every booking of
 * every nutritionist with filters and cursor pages, the CSV export of the filtered set, one booking's
 * detail with its history and audit trail, and the back office's actions. Each action is recorded in the
 * booking's history as the admin's, with their reason, and audited (platform/audit.ts) in the same
 * transaction as the change.
 */
import {
  ADMIN_BOOKINGS_EXPORT_MAX,
  BOOKING_STATUS_LABELS,
  BOOKING_TYPES,
  BookingStatus,
  adminBookingTexts,
  adminBookingsQuerySchema,
  adminCancelBookingSchema,
  adminMoveBookingSchema,
  adminReasonSchema,
  addRomeDays,
  inRome,
  romeInstant,
  type AdminBookingDetail,
  type BookingStatusId,
  type BookingTypeId,
  type BookingView,
  type CancelReasonId,
} from '@nutri/shared';
import * as z from 'zod';
import { getDisplayNames } from '../accounts';
import type { SignedInActor } from '../http/actor';
import { AppError, notFound } from '../http/errors';
import { HttpResponse, defineOperation } from '../http/operation';
import { idPath } from '../http/path-id';
import { listSubjectAudit } from '../platform/audit';
import { now } from '../platform/clock';
import { pageCursor } from '../platform/db/cursor';
import { bookingOutboxEntry } from './booking-effects';
import { bookingHistoryEvent, listBookingEvents } from './booking-history';
import {
  adminAuditItems,
  bookingViews,
  cancelVisit,
  completeVisit,
  moveVisit,
  requireCancelReason,
  type AdminAction,
} from './booking-service';
import {
  getBooking,
  pageAdminBookings,
  recordPaymentLinkResent,
  type AdminBookingPageOptions,
} from './bookings-repo';
import { csvCell } from '../platform/csv';

type AdminBookingsQuery = z.output<typeof adminBookingsQuerySchema>;
type Filters = Omit<AdminBookingsQuery, 'cursor' | 'limit'>;

/** The filters as the repository reads them: Rome calendar days become instants (`to` included). */
const pageOptions = (filters: Filters): Omit<AdminBookingPageOptions, 'limit' | 'cursor'> => ({
  ...(filters.statusId !== undefined ? { statusId: filters.statusId as BookingStatusId } : {}),
  ...(filters.bookingTypeId !== undefined ? { typeId: filters.bookingTypeId as BookingTypeId } : {}),
  ...(filters.nutritionistUserId !== undefined ? { nutritionistUserId: filters.nutritionistUserId } : {}),
  ...(filters.patientUserId !== undefined ? { patientUserId: filters.patientUserId } : {}),
  ...(filters.paid !== undefined ? { paid: filters.paid === 'true' } : {}),
  ...(filters.from ? { from: romeInstant(filters.from, '00:00').toISOString() } : {}),
  ...(filters.to ? { to: romeInstant(addRomeDays(filters.to, 1), '00:00').toISOString() } : {}),
  descending: filters.order === 'desc',
});

/**
 * Reads of one page at most: a page under a selective filter may come back short, with a cursor, rather
 * than read on through the index (docs/product.md#back-office-bookings).
 */
const PAGE_READS = 4;

export const listAdminBookings = defineOperation(
  ['BusinessAdmin'],
  { query: adminBookingsQuerySchema },
  async ({ query }) => {
    const { cursor: token, limit, ...filters } = query;
    const cursor = pageCursor('admin-bookings', filters);
    const page = await pageAdminBookings({
      ...pageOptions(filters),
      limit,
      cursor: await cursor.decode(token),
      maxReads: PAGE_READS,
    });
    return {
      Data: await bookingViews(page.bookings),
      Count: page.bookings.length,
      NextCursor: await cursor.encode(page.next),
    };
  },
);

const euro = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
const CSV_HEADER = [
  'Id',
  'Data',
  'Ora',
  'Stato',
  'Tipo',
  'Paziente',
  'Nutrizionista',
  'Importo (EUR)',
  'Pagato il',
  'Rimborso',
];
const csvRow = (view: BookingView) =>
  [
    view.BookingId,
    inRome(view.BookingTime).format('DD/MM/YYYY'),
    inRome(view.BookingTime).format('HH:mm'),
    BOOKING_STATUS_LABELS[view.BookingStatusId],
    view.BookingType.Name,
    view.Patient.DisplayName,
    view.Nutritionist.DisplayName,
    euro(view.TotalPaymentAmount),
    view.PaidAt ? inRome(view.PaidAt).format('DD/MM/YYYY HH:mm') : null,
    view.RefundState ?? (view.RefundOwed ? 'dovuto' : null),
  ]
    .map(csvCell)
    .join(';');

/** Rows per read of the export: larger than a screen page, the export is not on a hot path. */
const EXPORT_PAGE = 200;

export const exportAdminBookings = defineOperation(
  ['BusinessAdmin'],
  { query: adminBookingsQuerySchema },
  async ({ query }) => {
    const { cursor: _cursor, limit: _limit, ...filters } = query;
    const options = pageOptions(filters);
    const lines = [CSV_HEADER.join(';')];
    let next: Record<string, unknown> | undefined;
    let rows = 0;
    do {
      const page = await pageAdminBookings({ ...options, limit: EXPORT_PAGE, cursor: next, maxReads: 20 });
      for (const view of await bookingViews(page.bookings)) lines.push(csvRow(view));
      rows += page.bookings.length;
      next = page.next;
    } while (next && rows < ADMIN_BOOKINGS_EXPORT_MAX);
    // A byte-order mark: spreadsheet programs then read the accents as UTF-8.
    return new HttpResponse(200, `\uFEFF${lines.slice(0, ADMIN_BOOKINGS_EXPORT_MAX + 1).join('\r\n')}\r\n`, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="appuntamenti-${inRome(now()).format('YYYY-MM-DD')}.csv"`,
    });
  },
);

const requireBooking = async (bookingId: number) => {
  const booking = await getBooking(bookingId);
  if (!booking) throw notFound();
  return booking;
};

const detailOf = async (bookingId: number): Promise<AdminBookingDetail> => {
  const [booking, history, audit] = await Promise.all([
    requireBooking(bookingId),
    listBookingEvents(bookingId),
    listSubjectAudit('booking', String(bookingId)),
  ]);
  const [view] = await bookingViews([booking]);
  const names = await getDisplayNames([
    ...history.flatMap((event) => (event.ActorUserId ? [event.ActorUserId] : [])),
    ...audit.map((entry) => entry.ActorUserId),
  ]);
  return {
    Booking: view!,
    History: history.map((event) => ({
      ...event,
      ActorName: event.ActorUserId ? (names.get(event.ActorUserId) ?? null) : null,
    })),
    Audit: audit.map((entry) => ({
      AuditId: entry.AuditId,
      Action: entry.Action,
      ActorUserId: entry.ActorUserId,
      ActorName: names.get(entry.ActorUserId) ?? null,
      At: entry.At,
      Reason: typeof entry.Details.Reason === 'string' ? entry.Details.Reason : null,
    })),
  };
};

export const getAdminBooking = defineOperation(['BusinessAdmin'], { path: idPath }, async ({ path }) =>
  detailOf(path.id),
);

const adminOf = (actor: SignedInActor<'BusinessAdmin'>, reason: string): AdminAction => ({
  userId: actor.userId,
  reason,
});

/** `YYYY-MM-DDTHH:mm` on the Rome wall clock -> instant. */
const fromLocalDateTime = (value: string) => romeInstant(value.slice(0, 10), value.slice(11, 16));

export const adminCancelBooking = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: adminCancelBookingSchema },
  async ({ actor, path, body }) => {
    const booking = await requireBooking(path.id);
    const reason = requireCancelReason(booking, body.CancelReasonId as CancelReasonId);
    // The nutritionist's cancel: the same refund policy, the patient told as when the nutritionist cancels.
    await cancelVisit(booking, reason, 'nutritionist', now(), adminOf(actor, body.Reason));
    return detailOf(path.id);
  },
);

export const adminMoveBooking = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: adminMoveBookingSchema },
  async ({ actor, path, body }) => {
    const booking = await requireBooking(path.id);
    await moveVisit(booking, fromLocalDateTime(body.BookingTime), now(), adminOf(actor, body.Reason));
    return detailOf(path.id);
  },
);

export const adminCompleteBooking = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: adminReasonSchema },
  async ({ actor, path, body }) => {
    const booking = await requireBooking(path.id);
    await completeVisit(booking, now(), adminOf(actor, body.Reason));
    return detailOf(path.id);
  },
);

export const adminSendPaymentLink = defineOperation(
  ['BusinessAdmin'],
  { path: idPath, body: adminReasonSchema },
  async ({ actor, path, body }) => {
    const booking = await requireBooking(path.id);
    if (booking.BookingStatusId !== BookingStatus.WAITINGFORPAYMENT)
      throw new AppError('unprocessable', adminBookingTexts.notAwaitingPayment);
    const at = now();
    const admin = adminOf(actor, body.Reason);
    const event = bookingHistoryEvent(
      booking,
      'payment-link',
      { role: 'BusinessAdmin', userId: admin.userId },
      at,
      { Amount: booking.TotalPaymentAmount, Type: BOOKING_TYPES[booking.BookingTypeId].Name },
      admin.reason,
    );
    const [audit] = adminAuditItems(admin, 'payment-link', booking, at);
    await recordPaymentLinkResent(
      booking,
      bookingOutboxEntry('payment-link', 'system', booking, at),
      event,
      audit!,
    );
    return detailOf(path.id);
  },
);

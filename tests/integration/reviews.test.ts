/**
 * Reviews of visits on the running local stack: a patient reviews their own completed visit exactly once
 * (also under concurrent requests), everyone else is refused, the texts are validated in Italian, and a
 * review reaches the nutritionist's public profile only after a BusinessAdmin approves it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_TEXT_LENGTH,
  reviewTexts,
  romeDate,
  type ListResponse,
  type ModeratedReview,
  type OwnReview,
  type Review,
  type VisitToReview,
  BookingType,
} from '@nutri/shared';
import { api } from './support/api';
import {
  adminAccessToken,
  bookVisitFor,
  completeVisit,
  completedVisit,
  createPatientOf,
  createPublicNutritionist,
  romeDateIn,
  type TestNutritionist,
} from './support/visits';

const REVIEW = { Rating: 4.5, text: 'Incontro chiaro e piacevole, mi sono sentita ascoltata.' };

const postReview = (token: string | undefined, bookingId: number, body: unknown = REVIEW) =>
  api<OwnReview & { message: string; Errors?: Record<string, string[]> }>(
    'POST',
    `CurrentPatient/Bookings/${bookingId}/Review`,
    { ...(token ? { token } : {}), body },
  );

const publicReviews = (nutritionistUserId: string) =>
  api<ListResponse<Review>>('GET', `Nutritionists/Public/${nutritionistUserId}/Reviews`);

let nutritionist: TestNutritionist;
let admin: string;

beforeAll(async () => {
  [nutritionist, admin] = await Promise.all([createPublicNutritionist(), adminAccessToken()]);
});

describe('POST CurrentPatient/Bookings/{id}/Review', () => {
  it('takes one review of the patient’s own completed visit, pending moderation', async () => {
    const { patient, booking } = await completedVisit(nutritionist, 2, '09:00');

    const toReview = await api<ListResponse<VisitToReview>>('GET', 'CurrentPatient/VisitsToReview', {
      token: patient.token,
    });
    expect(toReview.status).toBe(200);
    expect(toReview.body.Data).toEqual([
      expect.objectContaining({
        BookingId: booking.BookingId,
        BookingType: { Name: 'Incontro Conoscitivo' },
        Nutritionist: { UserId: nutritionist.id, DisplayName: nutritionist.displayName },
      }),
    ]);

    const none = await api<{ message: string }>(
      'GET',
      `CurrentPatient/Bookings/${booking.BookingId}/Review`,
      {
        token: patient.token,
      },
    );
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(reviewTexts.noReviewYet);

    const created = await postReview(patient.token, booking.BookingId, {
      Rating: 4.5,
      text: `  ${REVIEW.text}  `,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      ReviewId: expect.any(String) as string,
      BookingId: booking.BookingId,
      Status: 'Pending',
      Rating: 4.5,
      text: REVIEW.text,
      // First name and initial only: the full name never becomes public.
      author: 'Paola B.',
      DateStr: romeDate(new Date()).split('-').reverse().join('/'),
    });

    const again = await postReview(patient.token, booking.BookingId, {
      Rating: 1,
      text: 'Ho cambiato idea.',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(reviewTexts.alreadyReviewed);

    const read = await api<OwnReview>('GET', `CurrentPatient/Bookings/${booking.BookingId}/Review`, {
      token: patient.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const afterwards = await api<ListResponse<VisitToReview>>('GET', 'CurrentPatient/VisitsToReview', {
      token: patient.token,
    });
    expect(afterwards.body.Data).toEqual([]);
  });

  it('keeps exactly one review when the same visit is reviewed by concurrent requests', async () => {
    const { patient, booking } = await completedVisit(nutritionist, 2, '10:00');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        postReview(patient.token, booking.BookingId, { Rating: (index % 10) / 2 + 0.5, text: REVIEW.text }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((result) => result.status === 201)!;
    const read = await api<OwnReview>('GET', `CurrentPatient/Bookings/${booking.BookingId}/Review`, {
      token: patient.token,
    });
    expect(read.body.ReviewId).toBe(winner.body.ReviewId);
  });

  it('refuses visits that are not the caller’s own or not completed, and other roles', async () => {
    const { patient, booking } = await completedVisit(nutritionist, 3, '09:00');
    const other = await createPatientOf(nutritionist.id, 'Luca Rossi');

    // Another patient cannot review, nor even learn about, someone else's visit.
    const foreign = await postReview(other.token, booking.BookingId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(reviewTexts.bookingNotFound);
    const foreignRead = await api('GET', `CurrentPatient/Bookings/${booking.BookingId}/Review`, {
      token: other.token,
    });
    expect(foreignRead.status).toBe(404);

    expect((await postReview(nutritionist.token, booking.BookingId)).status).toBe(403);
    expect((await postReview(admin, booking.BookingId)).status).toBe(403);
    expect((await postReview(undefined, booking.BookingId)).status).toBe(401);
    expect(
      (await api('GET', `CurrentPatient/Bookings/${booking.BookingId}/Review`, { token: nutritionist.token }))
        .status,
    ).toBe(403);
    expect((await postReview(patient.token, 999_999_999)).status).toBe(404);

    // A visit still to happen cannot be reviewed.
    const upcoming = await bookVisitFor(nutritionist, other.id, BookingType.FREE, `${romeDateIn(3)}T11:00`);
    const early = await postReview(other.token, upcoming.BookingId);
    expect(early.status).toBe(422);
    expect(early.body.message).toBe(reviewTexts.notComplete);

    // None of the refusals left a review behind: the owner can still write the one review.
    expect((await postReview(patient.token, booking.BookingId)).status).toBe(201);
  });

  it('validates rating (half steps, 0.5 to 5) and text with Italian messages', async () => {
    const { patient, booking } = await completedVisit(nutritionist, 3, '10:00');
    const cases: [unknown, string, string][] = [
      [{ Rating: 4.3, text: REVIEW.text }, 'Rating', reviewTexts.ratingStep],
      [{ Rating: 5.5, text: REVIEW.text }, 'Rating', reviewTexts.ratingStep],
      [{ Rating: 0, text: REVIEW.text }, 'Rating', reviewTexts.ratingRequired],
      [{ text: REVIEW.text }, 'Rating', reviewTexts.ratingRequired],
      [{ Rating: 4, text: '   ' }, 'text', reviewTexts.textRequired],
      [{ Rating: 4 }, 'text', reviewTexts.textRequired],
      [{ Rating: 4, text: 'Bene.' }, 'text', reviewTexts.textTooShort],
      [{ Rating: 4, text: 'a'.repeat(REVIEW_TEXT_LENGTH.max + 1) }, 'text', reviewTexts.textTooLong],
      [{ ...REVIEW, Author: 'Qualcun altro' }, 'Author', 'Campo non previsto: Author'],
    ];
    for (const [body, field, message] of cases) {
      const result = await postReview(patient.token, booking.BookingId, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.Errors?.[field]).toEqual([message]);
    }
    const longest = await postReview(patient.token, booking.BookingId, {
      Rating: 0.5,
      text: 'a'.repeat(REVIEW_TEXT_LENGTH.max),
    });
    expect(longest.status).toBe(201);
    expect(longest.body.Rating).toBe(0.5);
  });
});

describe('moderation and the public profile', () => {
  it('shows a review on the profile only while an admin has it approved', async () => {
    const { patient, booking } = await completedVisit(nutritionist, 4, '09:00');
    const text = `Recensione da moderare ${booking.BookingId}: consigli pratici e molta pazienza.`;
    const created = await postReview(patient.token, booking.BookingId, { Rating: 5, text });
    expect(created.status).toBe(201);
    const reviewId = created.body.ReviewId;

    const ids = async () => (await publicReviews(nutritionist.id)).body.Data.map((review) => review.ReviewId);
    expect(await ids()).not.toContain(reviewId);

    const queue = await api<ListResponse<ModeratedReview>>('GET', 'Reviews?status=Pending&limit=50', {
      token: admin,
    });
    expect(queue.status).toBe(200);
    // Other test files share the stack: walk the queue until this review shows up.
    let pending = queue.body.Data.find((review) => review.ReviewId === reviewId);
    let cursor = queue.body.NextCursor;
    while (!pending && cursor) {
      const next = await api<ListResponse<ModeratedReview>>(
        'GET',
        `Reviews?status=Pending&limit=50&cursor=${cursor}`,
        { token: admin },
      );
      pending = next.body.Data.find((review) => review.ReviewId === reviewId);
      cursor = next.body.NextCursor;
    }
    expect(pending).toMatchObject({
      Status: 'Pending',
      text,
      Rating: 5,
      BookingId: booking.BookingId,
      Nutritionist: { UserId: nutritionist.id, DisplayName: nutritionist.displayName },
      ModeratedAt: null,
    });

    for (const token of [patient.token, nutritionist.token]) {
      expect((await api('GET', 'Reviews', { token })).status).toBe(403);
      expect((await api('POST', `Reviews/${reviewId}/Approve`, { token })).status).toBe(403);
    }
    expect((await api('GET', 'Reviews')).status).toBe(401);
    expect((await api('POST', `Reviews/${reviewId}/Approve`)).status).toBe(401);
    expect((await api('GET', 'Reviews?status=Everything', { token: admin })).status).toBe(400);
    expect((await api('POST', 'Reviews/non-esiste/Approve', { token: admin })).status).toBe(404);

    const approved = await api<ModeratedReview>('POST', `Reviews/${reviewId}/Approve`, { token: admin });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ Status: 'Approved', ModeratedAt: expect.any(String) as string });
    // Approving twice (a double click) changes nothing.
    expect((await api('POST', `Reviews/${reviewId}/Approve`, { token: admin })).status).toBe(200);

    const profile = await publicReviews(nutritionist.id);
    expect(profile.status).toBe(200);
    const shown = profile.body.Data.find((review) => review.ReviewId === reviewId);
    // Only the public fields of docs/product.md#data leave: no booking, patient or moderation data.
    expect(shown).toEqual({
      ReviewId: reviewId,
      text,
      author: 'Paola B.',
      Rating: 5,
      DateStr: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) as string,
    });
    const own = await api<OwnReview>('GET', `CurrentPatient/Bookings/${booking.BookingId}/Review`, {
      token: patient.token,
    });
    expect(own.body.Status).toBe('Approved');
    const featured = await api<ListResponse<Review>>('GET', 'Reviews/Featured');
    expect(featured.body.Data.map((review) => review.ReviewId)).not.toContain(reviewId);

    const rejected = await api<ModeratedReview>('POST', `Reviews/${reviewId}/Reject`, { token: admin });
    expect(rejected.status).toBe(200);
    expect(rejected.body.Status).toBe('Rejected');
    expect(await ids()).not.toContain(reviewId);
    const rejectedList = await api<ListResponse<ModeratedReview>>('GET', 'Reviews?status=Rejected', {
      token: admin,
    });
    expect(rejectedList.body.Data.map((review) => review.ReviewId)).toContain(reviewId);
  });

  it('lists approved reviews newest first, in pages, and only of public nutritionists', async () => {
    const first = await completedVisit(nutritionist, 5, '09:00');
    const second = await completedVisit(nutritionist, 5, '10:00');
    const a = await postReview(first.patient.token, first.booking.BookingId);
    const b = await postReview(second.patient.token, second.booking.BookingId);
    for (const review of [a, b])
      expect((await api('POST', `Reviews/${review.body.ReviewId}/Approve`, { token: admin })).status).toBe(
        200,
      );

    const pageOne = await api<ListResponse<Review>>(
      'GET',
      `Nutritionists/Public/${nutritionist.id}/Reviews?limit=1`,
    );
    expect(pageOne.status).toBe(200);
    expect(pageOne.body.Data).toHaveLength(1);
    expect(pageOne.body.NextCursor).not.toBeNull();
    const all = [...pageOne.body.Data];
    let cursor = pageOne.body.NextCursor;
    while (cursor) {
      const next = await api<ListResponse<Review>>(
        'GET',
        `Nutritionists/Public/${nutritionist.id}/Reviews?limit=1&cursor=${cursor}`,
      );
      all.push(...next.body.Data);
      cursor = next.body.NextCursor;
    }
    const order = all.map((review) => review.ReviewId);
    expect(order.indexOf(b.body.ReviewId)).toBeLessThan(order.indexOf(a.body.ReviewId));
    expect(new Set(order).size).toBe(order.length);

    const unknown = await api('GET', 'Nutritionists/Public/non-esiste/Reviews');
    expect(unknown.status).toBe(404);
    expect((await api('GET', 'Nutritionists/Public/x/Reviews?limit=51')).status).toBe(400);

    // A hidden profile's reviews are as unknown as the profile itself.
    const profilePath = `Admin/NutritionistProfile/${nutritionist.id}`;
    expect((await api('PATCH', profilePath, { token: admin, body: { IsPublic: false } })).status).toBe(200);
    try {
      expect((await publicReviews(nutritionist.id)).status).toBe(404);
    } finally {
      expect((await api('PATCH', profilePath, { token: admin, body: { IsPublic: true } })).status).toBe(200);
    }
  });

  it('never offers a visit of another patient, or one not completed, for review', async () => {
    const { patient, booking } = await completedVisit(nutritionist, 6, '09:00');
    // A plan hand-over: free, so it is BOOKED at once and can be completed.
    const upcoming = await bookVisitFor(
      nutritionist,
      patient.id,
      BookingType.MEALPLAN,
      `${romeDateIn(6)}T11:00`,
    );
    const other = await createPatientOf(nutritionist.id);
    const otherList = await api<ListResponse<VisitToReview>>('GET', 'CurrentPatient/VisitsToReview', {
      token: other.token,
    });
    expect(otherList.body.Data).toEqual([]);
    const ownList = await api<ListResponse<VisitToReview>>('GET', 'CurrentPatient/VisitsToReview', {
      token: patient.token,
    });
    expect(ownList.body.Data.map((visit) => visit.BookingId)).toEqual([booking.BookingId]);
    expect(ownList.body.Data.map((visit) => visit.BookingId)).not.toContain(upcoming.BookingId);
    await completeVisit(nutritionist, upcoming);
    const both = await api<ListResponse<VisitToReview>>('GET', 'CurrentPatient/VisitsToReview', {
      token: patient.token,
    });
    // Newest first.
    expect(both.body.Data.map((visit) => visit.BookingId)).toEqual([upcoming.BookingId, booking.BookingId]);
    expect((await api('GET', 'CurrentPatient/VisitsToReview', { token: nutritionist.token })).status).toBe(
      403,
    );
  });
});

/**
 * `/Patients/Agenda/{BookingId}/Review`: the patient's review of a completed visit (docs/product.md#screens, #data
 * and 9): a rating out of 5 in half steps and a text, once per visit. It is published on the
 * nutritionist's profile, signed with first name and initial, after an admin approves it; until then
 * the page shows it with its state.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Rating,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import {
  BookingStatus,
  REVIEW_STATUS_LABELS,
  REVIEW_TEXT_LENGTH,
  createReviewSchema,
  reviewTexts,
  type BookingView,
  type OwnReview,
  type ReviewStatus,
} from '@nutri/shared';
import { isApiError, isNetworkError } from '../../../api/api-error';
import { errorTexts } from '../../../lib/shared-values';
import { paths } from '../../../paths';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { LoadError } from '../../../ui/load-error';
import { showSuccessToast } from '../../../ui/notify';
import { Page } from '../../../ui/page';
import { RatingStars, formatRating, ratingLabel } from '../../../ui/rating-stars';
import { useCreateVisitReview, useVisitReview } from '../api/visit-reviews';
import { appointmentText } from '../../bookings';
import { BackToAgenda, BookingNotFound } from '../components/booking-page-parts';
import { useRouteBooking } from './use-route-booking';

const STATUS_COLORS: Record<ReviewStatus, string> = {
  Pending: 'apricot',
  Approved: 'leaf',
  Rejected: 'gray',
};

/** 'mezza stella', '1 stella', '3,5 stelle' for each value of the rating (0: none chosen yet). */
const starsLabel = (value: number) =>
  value === 0
    ? 'nessuna stella'
    : value === 0.5
      ? 'mezza stella'
      : `${formatRating(value)} ${value === 1 ? 'stella' : 'stelle'}`;

function ReviewShown({ review }: { review: OwnReview }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="mine">
      <Stack gap="sm" align="flex-start">
        <Group justify="space-between" w="100%" gap="xs">
          <Title order={2} fz="h3" id="mine">
            La tua recensione
          </Title>
          <Badge
            variant="light"
            color={STATUS_COLORS[review.Status]}
            c={`${STATUS_COLORS[review.Status]}.9`}
            style={{ textTransform: 'none' }}
            size="md"
          >
            {REVIEW_STATUS_LABELS[review.Status]}
          </Badge>
        </Group>
        <RatingStars rating={review.Rating} size={24} />
        <Text style={{ whiteSpace: 'pre-line' }}>{review.text}</Text>
        <Text size="sm" c="dimmed">
          {review.author}, {review.DateStr}
        </Text>
        <Text size="sm">
          {review.Status === 'Pending'
            ? 'Il nostro staff la verifica prima di pubblicarla nel profilo del tuo nutrizionista.'
            : review.Status === 'Approved'
              ? 'È pubblicata nel profilo del tuo nutrizionista. Grazie!'
              : 'Il nostro staff ha deciso di non pubblicarla. Per chiarimenti scrivi all’assistenza.'}
        </Text>
      </Stack>
    </Paper>
  );
}

function ReviewForm({ booking }: { booking: BookingView }) {
  const create = useCreateVisitReview();
  const form = useZodForm(createReviewSchema, { Rating: 0, text: '' });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.onSubmit(async (review) => {
    setProblem(null);
    try {
      await create(booking.BookingId, review);
      showSuccessToast(reviewTexts.sent);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length) form.setServerErrors(error.fieldErrors);
      else
        setProblem(
          isNetworkError(error)
            ? errorTexts.connectionProblem
            : ((isApiError(error) ? error.serverMessage : null) ?? errorTexts.cannotSaveData),
        );
    }
  });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="review-form"
    >
      <Stack gap="md">
        <Title order={2} fz="h3" id="review-form">
          Com’è andata la visita con {booking.Nutritionist.DisplayName}?
        </Title>
        <div
          role="group"
          aria-labelledby="rating-label"
          aria-describedby={form.errors.Rating ? 'rating-value rating-error' : 'rating-value'}
        >
          <Text fw={600} id="rating-label" mb={6}>
            La tua valutazione
          </Text>
          <Group gap="md">
            <Rating
              fractions={2}
              size="xl"
              value={form.values.Rating}
              onChange={(value) => form.setValue('Rating', value)}
              getSymbolLabel={starsLabel}
              name="Rating"
              readOnly={form.submitting}
            />
            <Text size="sm" c="dimmed" id="rating-value">
              {form.values.Rating > 0 ? ratingLabel(form.values.Rating) : 'Nessuna valutazione scelta'}
            </Text>
          </Group>
          {form.errors.Rating ? (
            <Text size="sm" c="red.9" mt={4} id="rating-error">
              {form.errors.Rating}
            </Text>
          ) : null}
        </div>
        <Textarea
          label="La tua recensione"
          description={`Sarà pubblicata con il tuo nome e l’iniziale del cognome, dopo la verifica del nostro staff (da ${REVIEW_TEXT_LENGTH.min} a ${REVIEW_TEXT_LENGTH.max} caratteri).`}
          autosize
          minRows={4}
          maxRows={10}
          maxLength={REVIEW_TEXT_LENGTH.max}
          {...form.field('text')}
          // Mantine's error red (shade 6) is 3.3:1 on white: shade 9 keeps WCAG AA contrast.
          errorProps={{ c: 'red.9' }}
          styles={form.errors.text ? { input: { color: 'var(--mantine-color-red-9)' } } : undefined}
          disabled={form.submitting}
        />
        <Text size="xs" c="dimmed" ta="right" mt={-10} aria-hidden="true">
          {form.values.text.length}/{REVIEW_TEXT_LENGTH.max}
        </Text>
        {problem ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
            {problem}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={form.submitting} leftSection={<IconSend size={18} aria-hidden />}>
            Invia la recensione
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ReviewContent({ booking }: { booking: BookingView }) {
  const complete = booking.BookingStatusId === BookingStatus.COMPLETE;
  const review = useVisitReview(String(booking.BookingId), complete);
  if (!complete) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="sm" align="flex-start">
          <Text>{reviewTexts.notComplete}</Text>
          <Button component={Link} to={paths.patients.booking(String(booking.BookingId))} variant="default">
            Vai all’appuntamento
          </Button>
        </Stack>
      </Paper>
    );
  }
  if (review.error) return <LoadError onRetry={() => review.mutate()} />;
  if (review.data === undefined) return <Skeleton height={280} radius="lg" aria-busy="true" />;
  return review.data ? <ReviewShown review={review.data} /> : <ReviewForm booking={booking} />;
}

export function BookingReviewPage() {
  const { bookingId, valid, booking, notFound } = useRouteBooking();
  const data = booking.data;

  return (
    <Page
      title="Lascia una recensione"
      documentTitle="Recensione"
      description={data ? `${data.BookingType.Name} di ${appointmentText(data.BookingTime)}` : undefined}
      head={{ noIndex: true }}
      size="sm"
    >
      <BackToAgenda
        to={valid ? paths.patients.booking(bookingId) : paths.patients.agenda()}
        label={valid ? 'Torna all’appuntamento' : 'I tuoi appuntamenti'}
      />
      {notFound ? (
        <BookingNotFound />
      ) : booking.error ? (
        <LoadError onRetry={() => booking.mutate()} />
      ) : !data ? (
        <Skeleton height={280} radius="lg" aria-busy="true" />
      ) : (
        <ReviewContent booking={data} />
      )}
    </Page>
  );
}

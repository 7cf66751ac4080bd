/**
 * The patient cancels their introductory visit after a confirmation (docs/product.md#states, #validation and #errors). Within
 * 2 days of the visit the dialog says that the next introductory visit will have to be agreed in chat
 * (the server then sets HasLateCancelledIc).
 */
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconCalendarX } from '@tabler/icons-react';
import type { BookingView } from '@nutri/shared';
import { errorTexts, FREE_CHANGE_DEADLINE_DAYS } from '../../../lib/shared-values';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { actionErrorMessage, ConfirmDialog, bookingUiTexts } from '../../bookings';
import { cancelIntroductionVisit, useBookingRevalidation } from '../api/patient-bookings';
import { isLateCancellation } from '../booking-rules';

export function CancelIntroVisitButton({ booking }: { booking: BookingView }) {
  const [opened, setOpened] = useState(false);
  const revalidate = useBookingRevalidation();
  const late = isLateCancellation(booking);

  const cancel = async () => {
    try {
      await cancelIntroductionVisit(booking.BookingId);
    } catch (error) {
      showErrorToast(actionErrorMessage(error, errorTexts.operationFailed));
      throw error;
    }
    showSuccessToast(bookingUiTexts.cancelled);
    await revalidate(booking.BookingId);
  };

  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        leftSection={<IconCalendarX size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Annulla l’incontro
      </Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Annulla l’incontro conoscitivo"
        message={
          <Stack gap="xs" component="span">
            <Text component="span">{bookingUiTexts.confirmCancel}</Text>
            <Text component="span" size="sm" c={late ? 'red.9' : 'dimmed'}>
              {late
                ? `Mancano meno di ${FREE_CHANGE_DEADLINE_DAYS} giorni: se annulli ora, per fissare un altro incontro conoscitivo dovrai scrivere in chat al tuo nutrizionista.`
                : 'Potrai poi scegliere un altro orario per l’incontro.'}
            </Text>
          </Stack>
        }
        confirmLabel="Sì, annulla"
        cancelLabel="No, tienilo"
        confirmColor="red.9"
        onConfirm={cancel}
      />
    </>
  );
}

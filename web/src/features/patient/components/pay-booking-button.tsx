/**
 * The pay button of a booking awaiting payment (docs/product.md#states): runs the payment flow (billing data,
 * privacy contracts, then the payment page). The deadline beside it tells the patient when to pay.
 */
import { useState } from 'react';
import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { BookingView } from '@nutri/shared';
import { formatEuro } from '../../../lib/money';
import { BillingProfileDialog } from '../../billing';
import { PrivacyContractsDialog } from '../../onboarding';
import { usePayBooking } from '../../payments';

export function PayBookingButton({ booking }: { booking: BookingView }) {
  const [opposeSts, setOpposeSts] = useState(false);
  const { pay, paying, dialog, closeDialog } = usePayBooking(booking.BookingId, opposeSts);
  return (
    <Stack gap={6} align="flex-start">
      <Button
        size="md"
        color="apricot"
        leftSection={<IconCreditCard size={18} aria-hidden />}
        loading={paying}
        onClick={() => void pay()}
        aria-describedby={`pay-note-${booking.BookingId}`}
      >
        Paga {formatEuro(booking.TotalPaymentAmount)}
      </Button>
      <Text size="sm" c="dimmed" id={`pay-note-${booking.BookingId}`}>
        Pagamento sicuro con carta.
      </Text>
      <Checkbox
        size="sm"
        checked={opposeSts}
        onChange={(event) => setOpposeSts(event.currentTarget.checked)}
        label="Mi oppongo all’invio della spesa al Sistema Tessera Sanitaria (non comparirà nel 730 precompilato)"
      />
      <BillingProfileDialog
        opened={dialog === 'billing'}
        reason="missing"
        onClose={closeDialog}
        onSaved={() => void pay()}
      />
      <PrivacyContractsDialog
        opened={dialog === 'privacy'}
        onClose={closeDialog}
        onSuccess={() => void pay()}
      />
    </Stack>
  );
}

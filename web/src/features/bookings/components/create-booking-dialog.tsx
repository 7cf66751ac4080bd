/**
 * New booking for one of the nutritionist's own patients (docs/product.md#screens, #validation and #api): patient, type, the
 * read-only duration and price the server derives from the type (`Patients/{id}/Price/{type}`), and the
 * date-time. A failure shows 'Impossibile creare l'appuntamento' with the server's reason (e.g. the time
 * was just taken) and clears the chosen time, keeping patient and type so another time is quick to pick.
 */
import { useState } from 'react';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { BOOKING_TYPES, type BookingTypeId, type BookingView } from '@nutri/shared';
import { formatEuro } from '../../../lib/money';
import { FormDialog } from '../../../ui/form-dialog';
import { showErrorToast, showSuccessToast } from '../../../ui/notify';
import { useAuth } from '../../auth';
import { actionErrorMessage } from '../action-error';
import { useBookingMutations, usePatientPrice } from '../api/nutritionist-bookings';
import { bookingUiTexts } from '../texts';
import { DateTimePicker } from './date-time-picker';
import { PatientPicker, type PickedPatient } from './patient-picker';

const TYPE_OPTIONS = Object.values(BOOKING_TYPES).map((type) => ({
  value: String(type.BookingTypeId),
  label: type.Name,
}));

interface Errors {
  patient?: string | undefined;
  type?: string | undefined;
  time?: string | undefined;
}

export function CreateBookingDialog({
  opened,
  onClose,
  patient: initialPatient = null,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  /** Preselected patient (from a patient's page). */
  patient?: PickedPatient | null;
  onCreated?: (booking: BookingView) => void;
}) {
  const { profile } = useAuth();
  const { create } = useBookingMutations();
  const [patient, setPatient] = useState<PickedPatient | null>(initialPatient);
  const [typeId, setTypeId] = useState<BookingTypeId | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const price = usePatientPrice(patient?.UserId ?? null, typeId);

  const reset = () => {
    setPatient(initialPatient);
    setTypeId(null);
    setTime(null);
    setErrors({});
  };

  const close = () => {
    if (sending) return;
    reset();
    onClose();
  };

  const submit = async () => {
    const found: Errors = {
      ...(patient ? {} : { patient: bookingUiTexts.patientRequired }),
      ...(typeId ? {} : { type: bookingUiTexts.typeRequired }),
      ...(time ? {} : { time: bookingUiTexts.dateTimeRequired }),
    };
    setErrors(found);
    if (!patient || !typeId || !time || !profile) return;
    setSending(true);
    try {
      const booking = await create({
        PatientUserId: patient.UserId,
        NutritionistUserId: profile.Id,
        BookingTypeId: typeId,
        BookingTime: time,
      });
      showSuccessToast(bookingUiTexts.created);
      setSending(false);
      reset();
      onClose();
      onCreated?.(booking);
    } catch (error) {
      showErrorToast(actionErrorMessage(error, bookingUiTexts.createFailed), {
        title: bookingUiTexts.createFailed,
      });
      setTime(null);
      setSending(false);
    }
  };

  const shown = price.data;
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title="Nuovo appuntamento"
      onSubmit={submit}
      submitLabel="Crea appuntamento"
      busy={sending}
      actionsMt="xs"
    >
      <PatientPicker
        value={patient}
        onChange={(next) => {
          setPatient(next);
          setErrors((current) => ({ ...current, patient: undefined }));
        }}
        error={errors.patient}
      />
      <Select
        label="Tipo di appuntamento"
        placeholder="Scegli il tipo"
        data={TYPE_OPTIONS}
        value={typeId ? String(typeId) : null}
        onChange={(value) => {
          setTypeId(value ? (Number(value) as BookingTypeId) : null);
          setErrors((current) => ({ ...current, type: undefined }));
        }}
        allowDeselect={false}
        error={errors.type}
        comboboxProps={{ withinPortal: true }}
        required
      />
      <SimpleGrid cols={2}>
        <TextInput
          label="Durata"
          readOnly
          variant="filled"
          value={shown ? `${shown.Duration} minuti` : ''}
          placeholder="—"
          description="Dal tipo scelto"
        />
        <TextInput
          label="Prezzo"
          readOnly
          variant="filled"
          value={shown ? (shown.Price > 0 ? formatEuro(shown.Price) : 'Gratuito') : ''}
          placeholder="—"
          description="Dal tipo scelto"
        />
      </SimpleGrid>
      <DateTimePicker
        label="Data e ora"
        value={time}
        onChange={(value) => {
          setTime(value);
          setErrors((current) => ({ ...current, time: undefined }));
        }}
        error={errors.time}
      />
    </FormDialog>
  );
}

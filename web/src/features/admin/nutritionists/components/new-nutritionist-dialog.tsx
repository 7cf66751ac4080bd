/**
 * "Nuovo nutrizionista" (BusinessAdmin): name, e-mail, personal and professional title, gender and the
 * calendar partner flag; the person receives an invitation mail to choose the password
 * (docs/product.md#nutritionist-accounts).
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { createNutritionistAccountSchema, type CreateNutritionistAccountRequest } from '@nutri/shared';
import { firstFieldErrors, saveFailureMessage } from '../../../../ui/form/save-error';
import { showErrorToast, showSuccessToast } from '../../../../ui/notify';
import { useNutritionistAccountActions } from '../api/admin-nutritionists';

type Form = {
  FirstName: string;
  LastName: string;
  Email: string;
  PersonalTitle: string;
  ProfessionalTitle: string;
  Gender: string;
  IsCalendarPartner: boolean;
};
const EMPTY: Form = {
  FirstName: '',
  LastName: '',
  Email: '',
  PersonalTitle: '',
  ProfessionalTitle: '',
  Gender: '',
  IsCalendarPartner: false,
};

interface NewNutritionistDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new account's display name ("Nome Cognome"), once it exists. */
  onCreated: (displayName: string) => void;
}

export function NewNutritionistDialog({ opened, onClose, onCreated }: NewNutritionistDialogProps) {
  const actions = useNutritionistAccountActions();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  // An edited field loses its error at once: the message was about the value just replaced.
  const change = <K extends keyof Form>(name: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _replaced, ...others }) => others);
  };
  const text = (
    name: 'FirstName' | 'LastName' | 'Email' | 'ProfessionalTitle',
    label: string,
    type = 'text',
  ) => (
    <TextInput
      label={label}
      type={type}
      required
      value={form[name]}
      error={errors[name]}
      onChange={(event) => change(name, event.currentTarget.value)}
    />
  );
  const submit = async () => {
    const request = {
      ...form,
      Gender: form.Gender === '' ? undefined : Number(form.Gender),
      PersonalTitle: form.PersonalTitle || undefined,
    } as unknown as CreateNutritionistAccountRequest;
    const parsed = createNutritionistAccountSchema.safeParse(request);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await actions.create(parsed.data);
      showSuccessToast(`Account creato: abbiamo inviato l’invito a ${parsed.data.Email}`, {
        outcomeOf: 'new-nutritionist',
      });
      setForm(EMPTY);
      onCreated(`${parsed.data.FirstName} ${parsed.data.LastName}`);
      onClose();
    } catch (error) {
      setErrors(firstFieldErrors(error));
      showErrorToast(saveFailureMessage(error), { outcomeOf: 'new-nutritionist' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Nuovo nutrizionista"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Chiudi' }}
    >
      <form
        aria-label="Nuovo nutrizionista"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('FirstName', 'Nome')}
            {text('LastName', 'Cognome')}
          </SimpleGrid>
          {text('Email', 'E-mail', 'email')}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Titolo personale"
              required
              data={[
                { value: 'dottoressa', label: 'Dottoressa (Dott.ssa)' },
                { value: 'dottore', label: 'Dottore (Dott.)' },
              ]}
              value={form.PersonalTitle || null}
              error={errors.PersonalTitle}
              onChange={(value) => change('PersonalTitle', value ?? '')}
            />
            {text('ProfessionalTitle', 'Titolo professionale')}
          </SimpleGrid>
          <Radio.Group
            label="Genere"
            required
            value={form.Gender}
            error={errors.Gender}
            onChange={(value) => change('Gender', value)}
          >
            <Group mt={6}>
              <Radio value="2" label="Donna" />
              <Radio value="1" label="Uomo" />
            </Group>
          </Radio.Group>
          <Checkbox
            label="Partner per l’integrazione con Google Calendar"
            checked={form.IsCalendarPartner}
            onChange={(event) => change('IsCalendarPartner', event.currentTarget.checked)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={sending}>
              Annulla
            </Button>
            <Button type="submit" loading={sending}>
              Crea e invia l’invito
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

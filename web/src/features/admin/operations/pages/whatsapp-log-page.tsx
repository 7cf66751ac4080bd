/**
 * /Admin/Whatsapp (BusinessAdmin): every urgent WhatsApp notice a nutritionist sent, newest first, with
 * the status the provider reported through its webhook (sent, delivered, read, failed with its reason).
 * Filters: status, nutritionist, patient, Rome date range; they live in the address, so a filtered view
 * can be linked (docs/product.md#back-office).
 */
import { Link } from 'react-router-dom';
import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { WHATSAPP_NOTICE_STATUSES, type WhatsAppNoticeStatus } from '@nutri/shared';
import { paths } from '../../../../paths';
import { formatDateTime } from '../../../../lib/dates';
import { Page } from '../../../../ui/page';
import { AdminNutritionistFilter } from '../../nutritionists/components/admin-nutritionist-filter';
import { useWhatsAppNotices, type WhatsAppFilters, type WhatsAppNotice } from '../api/operations';
import { noticeStatusColor, noticeStatusLabel } from '../components/labels';
import { PagedList } from '../components/paged-list';
import { useAddressFilters } from '../../../../lib/use-address-filters';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const filtersOf = (params: URLSearchParams): WhatsAppFilters => {
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  return {
    status: WHATSAPP_NOTICE_STATUSES.includes(status as WhatsAppNoticeStatus)
      ? (status as WhatsAppNoticeStatus)
      : undefined,
    nutritionistUserId: params.get('nutritionistUserId') ?? undefined,
    patientUserId: params.get('patientUserId') ?? undefined,
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
  };
};

function StatusCell({ notice }: { notice: WhatsAppNotice }) {
  return (
    <Stack gap={2}>
      <Badge color={noticeStatusColor(notice.Status)} variant="light">
        {noticeStatusLabel(notice.Status)}
      </Badge>
      <Text size="xs" c="dimmed">
        {formatDateTime(notice.StatusAt)}
      </Text>
      {notice.FailureReason ? (
        <Text size="xs" c="red.9">
          {notice.FailureReason}
          {notice.FailureCode ? ` (codice ${notice.FailureCode})` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

export function WhatsAppLogPage() {
  const [params, changeAddress] = useAddressFilters();
  const filters = filtersOf(params);
  const list = useWhatsAppNotices(filters);
  const setFilter = (name: keyof WhatsAppFilters, value: string | null) => changeAddress({ [name]: value });
  const patientName =
    filters.patientUserId &&
    list.notices.find((notice) => notice.PatientUserId === filters.patientUserId)?.PatientName;

  return (
    <Page
      title="Avvisi WhatsApp"
      description="Gli avvisi urgenti che i nutrizionisti hanno inviato ai pazienti, con lo stato comunicato da WhatsApp."
      head={{ noIndex: true }}
    >
      <Group align="flex-end" gap="md" mb="lg" wrap="wrap">
        <Select
          label="Stato"
          placeholder="Tutti"
          clearable
          data={WHATSAPP_NOTICE_STATUSES.map((status) => ({
            value: status,
            label: noticeStatusLabel(status),
          }))}
          value={filters.status ?? null}
          onChange={(value) => setFilter('status', value)}
          w={180}
        />
        <AdminNutritionistFilter
          value={filters.nutritionistUserId ?? null}
          onChange={(value) => setFilter('nutritionistUserId', value)}
          w={240}
        />
        <TextInput
          type="date"
          label="Dal"
          value={filters.from ?? ''}
          onChange={(event) => setFilter('from', event.currentTarget.value)}
          w={170}
        />
        <TextInput
          type="date"
          label="Al"
          value={filters.to ?? ''}
          onChange={(event) => setFilter('to', event.currentTarget.value)}
          w={170}
        />
        {filters.patientUserId ? (
          <Button variant="light" onClick={() => setFilter('patientUserId', null)}>
            {`Solo ${patientName ?? 'un paziente'}: mostra tutti`}
          </Button>
        ) : null}
      </Group>
      <PagedList list={list} count={list.notices.length} empty="Nessun avviso con questi filtri.">
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Inviato</Table.Th>
                <Table.Th>Nutrizionista</Table.Th>
                <Table.Th>Paziente</Table.Th>
                <Table.Th>Stato</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.notices.map((notice) => (
                <Table.Tr key={notice.NoticeId}>
                  <Table.Td>{formatDateTime(notice.SentAt)}</Table.Td>
                  <Table.Td>{notice.NutritionistName ?? notice.NutritionistUserId}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Anchor component={Link} to={paths.admin.patientEvents(notice.PatientUserId)}>
                        {notice.PatientName ?? notice.PatientUserId}
                      </Anchor>
                      {filters.patientUserId ? null : (
                        <Anchor
                          component="button"
                          type="button"
                          size="xs"
                          onClick={() => setFilter('patientUserId', notice.PatientUserId)}
                        >
                          Solo questo paziente
                        </Anchor>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <StatusCell notice={notice} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PagedList>
    </Page>
  );
}

/**
 * /Admin/BouncedMails (BusinessAdmin): mails that did not arrive (bounced, dropped, reported as spam),
 * newest first, each with the person it was for and a link to their timeline (docs/product.md#back-office).
 */
import { Link } from 'react-router-dom';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { paths } from '../../../../paths';
import { formatDateTime } from '../../../../lib/dates';
import { Page } from '../../../../ui/page';
import { useBouncedMails } from '../api/operations';
import { PagedList } from '../components/paged-list';
import { mailEventLabel } from '../components/labels';

export function BouncedMailsPage() {
  const list = useBouncedMails();
  return (
    <Page
      title="E-mail respinte"
      description="Le e-mail che non sono arrivate: indirizzo inesistente, scartate dal servizio di posta o segnalate come spam."
      head={{ noIndex: true }}
    >
      <PagedList list={list} count={list.mails.length} empty="Nessuna e-mail respinta.">
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Inviata</Table.Th>
                <Table.Th>Destinatario</Table.Th>
                <Table.Th>Oggetto</Table.Th>
                <Table.Th>Esito</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.mails.map((mail) => (
                <Table.Tr key={mail.SesMessageId}>
                  <Table.Td>{formatDateTime(mail.SentAt)}</Table.Td>
                  <Table.Td>
                    {mail.IsPatient ? (
                      <Anchor component={Link} to={paths.admin.patientEvents(mail.UserId)}>
                        {mail.UserName ?? mail.UserId}
                      </Anchor>
                    ) : (
                      <Text size="sm">{mail.UserName ?? mail.UserId}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{mail.Subject ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color="red" variant="light">
                      {mailEventLabel(mail.LastEvent)}
                    </Badge>
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

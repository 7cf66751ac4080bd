import { SimpleGrid } from '@mantine/core';
import {
  IconArticle,
  IconBrandWhatsapp,
  IconCalendarEvent,
  IconChartBar,
  IconClipboardList,
  IconReceipt,
  IconStar,
  IconTags,
  IconUserQuestion,
  IconUsers,
} from '@tabler/icons-react';
import { paths } from '../../../paths';
import { LinkCard } from '../../../ui/link-card';
import { Page } from '../../../ui/page';
import { OverviewFigures } from '../operations/components/overview-figures';

export function AdminHomePage() {
  return (
    <Page
      title="Amministrazione"
      description="Gestione del servizio: appuntamenti, nutrizionisti, contenuti, dati di andamento e fatturazione."
      head={{ noIndex: true }}
    >
      <OverviewFigures />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mb={48}>
        <LinkCard
          to={paths.admin.bookings()}
          icon={<IconCalendarEvent size={24} />}
          title="Appuntamenti"
          description="Tutte le prenotazioni del servizio, con filtri, storico, esportazione e azioni."
        />
        <LinkCard
          to={paths.admin.invoicing()}
          icon={<IconReceipt size={24} />}
          title="Fatturazione"
          description="Fatture e note di credito emesse, esportazione, file STS e visite pagate da fatturare."
        />
        <LinkCard
          to={paths.admin.dashboard()}
          icon={<IconChartBar size={24} />}
          title="Dashboard"
          description="Riepilogo mensile, conversioni, pivot, pagamenti giornalieri e andamento per nutrizionista."
        />
        <LinkCard
          to={paths.admin.content()}
          icon={<IconArticle size={24} />}
          title="Contenuti"
          description="Pagine statiche, articoli del blog e gallerie di immagini."
        />
        <LinkCard
          to={paths.admin.nutritionists()}
          icon={<IconUsers size={24} />}
          title="Nutrizionisti"
          description="Profili pubblici, foto e specializzazioni dei professionisti."
        />
        <LinkCard
          to={paths.admin.reviews()}
          icon={<IconStar size={24} />}
          title="Recensioni"
          description="Le recensioni delle visite da approvare prima che compaiano nei profili."
        />
        <LinkCard
          to={paths.admin.unassignedPatients()}
          icon={<IconUserQuestion size={24} />}
          title="Pazienti da assegnare"
          description="Chi ha compilato il questionario quando nessun nutrizionista adatto era disponibile."
        />
        <LinkCard
          to={paths.admin.tallyWebhooks()}
          icon={<IconClipboardList size={24} />}
          title="Questionari"
          description="Le consegne del webhook del questionario, con il paziente creato o abbinato."
        />
        <LinkCard
          to={paths.admin.whatsapp()}
          icon={<IconBrandWhatsapp size={24} />}
          title="WhatsApp"
          description="Gli avvisi urgenti dei nutrizionisti e il loro stato di consegna."
        />
        <LinkCard
          to={paths.admin.tags()}
          icon={<IconTags size={24} />}
          title="Tag"
          description="Tag dei contenuti e specializzazioni dei nutrizionisti."
        />
      </SimpleGrid>
    </Page>
  );
}

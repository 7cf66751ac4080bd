/** /Admin/Dashboard (docs/product.md#business-dashboards): the six views of the business dashboards. */
import { SimpleGrid } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { DASHBOARD_VIEWS } from '@nutri/shared';
import { LinkCard } from '../../../../ui/link-card';
import { Page } from '../../../../ui/page';
import { dashboardPath } from '../components/dashboard-page';

const DESCRIPTIONS: Record<(typeof DASHBOARD_VIEWS)[number]['path'], string> = {
  MonthlySummary: 'Questionari, registrazioni, visite, incassi, rimborsi e annullamenti di ogni mese.',
  ConversionTimeline: 'Il percorso dei pazienti per settimana, con tassi e giorni tra un passo e l’altro.',
  Pivot: 'Appuntamenti o incassi incrociati per nutrizionista, mese, tipo, stato e provenienza.',
  NutritionistConversionRates:
    'Per nutrizionista: conversione alla visita pagata, fedeltà, annullamenti, voti.',
  NutritionistPatientTimeline: 'I pazienti di un nutrizionista e le loro visite nel tempo.',
  DailyPayments: 'Incassi, rimborsi e netto di ogni giorno, con i movimenti di un giorno.',
};

export function DashboardHomePage() {
  return (
    <Page
      title="Dashboard"
      description="L’andamento del servizio, aggiornato a ogni cambiamento."
      head={{ noIndex: true }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {DASHBOARD_VIEWS.map((view) => (
          <LinkCard
            key={view.path}
            to={dashboardPath(view.path)}
            icon={<IconChartBar size={24} />}
            title={view.title}
            description={DESCRIPTIONS[view.path]}
          />
        ))}
      </SimpleGrid>
    </Page>
  );
}

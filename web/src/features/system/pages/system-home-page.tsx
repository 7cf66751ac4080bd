import { AreaOverview } from '../../../ui/area-overview';
import { Page } from '../../../ui/page';

const SECTIONS = [
  { title: 'Log', description: 'Consultazione dei log applicativi per diagnosticare errori.' },
  { title: 'Modelli e-mail', description: 'Testi delle e-mail inviate a pazienti e nutrizionisti.' },
  { title: 'Contratti', description: 'Informative privacy e contratti che i pazienti accettano.' },
  { title: 'Visualizzatore chat', description: 'Accesso alle conversazioni per assistenza e verifiche.' },
];

export function SystemHomePage() {
  return (
    <Page
      title="Impostazioni di sistema"
      description="Configurazione tecnica e strumenti di controllo della piattaforma."
    >
      <AreaOverview heading="Strumenti disponibili" sections={SECTIONS} />
    </Page>
  );
}

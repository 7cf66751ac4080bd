import { AreaOverview } from '../../../ui/area-overview';
import { Page } from '../../../ui/page';

const SECTIONS = [
  { title: 'Elenco utenti', description: 'Cerca pazienti, nutrizionisti e amministratori per nome o ruolo.' },
  { title: 'Modifica utente', description: 'Aggiorna i dati di un account e assegna o revoca i ruoli.' },
  {
    title: 'Ruoli',
    description: 'Paziente, Nutrizionista, Amministratore, Gestore utenti e Amministratore di sistema.',
  },
];

export function UsersHomePage() {
  return (
    <Page title="Gestione utenti" description="Account e ruoli delle persone che usano Nutrì.">
      <AreaOverview heading="Cosa gestisci da qui" sections={SECTIONS} />
    </Page>
  );
}

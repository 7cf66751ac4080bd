import { AreaOverview } from '../../../ui/area-overview';
import { Page } from '../../../ui/page';

const SECTIONS = [
  {
    title: 'Appuntamenti',
    description: 'Tutte le prenotazioni del servizio, con stato, pagamenti e storico per paziente.',
  },
  {
    title: 'Nutrizionisti',
    description: 'Profili pubblici, specializzazioni (tag) e disponibilità dei professionisti.',
  },
  {
    title: 'Dashboard',
    description: 'Riepilogo mensile, conversioni, pagamenti giornalieri e andamento per nutrizionista.',
  },
  { title: 'Contenuti', description: 'Pagine statiche, articoli del blog e gallerie di immagini.' },
  { title: 'Questionari', description: 'Registro delle risposte ricevute dal modulo del questionario.' },
  { title: 'Fatturazione', description: 'Appuntamenti pagati da fatturare e stato delle fatture.' },
];

export function AdminHomePage() {
  return (
    <Page
      title="Amministrazione"
      description="Gestione del servizio: appuntamenti, nutrizionisti, contenuti, dati di andamento e fatturazione."
    >
      <AreaOverview heading="Cosa gestisci da qui" sections={SECTIONS} />
    </Page>
  );
}

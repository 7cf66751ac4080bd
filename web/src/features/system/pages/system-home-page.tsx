import { SimpleGrid } from '@mantine/core';
import {
  IconFileCertificate,
  IconFileSearch,
  IconHistory,
  IconMail,
  IconMessages,
  IconShieldLock,
} from '@tabler/icons-react';
import { paths } from '../../../paths';
import { LinkCard } from '../../../ui/link-card';
import { Page } from '../../../ui/page';
import { SystemStatusPanel } from '../components/system-status-panel';

export function SystemHomePage() {
  return (
    <Page
      title="Impostazioni di sistema"
      description="Configurazione tecnica e strumenti di controllo della piattaforma."
    >
      <SystemStatusPanel />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" mb={48}>
        <LinkCard
          to={paths.system.chatViewer()}
          icon={<IconMessages size={24} />}
          title="Visualizzatore chat"
          description="Accesso in sola lettura alle conversazioni per assistenza e verifiche, con ogni lettura registrata."
        />
        <LinkCard
          to={paths.system.emailTemplates()}
          icon={<IconMail size={24} />}
          title="Modelli e-mail"
          description="Testi delle e-mail inviate a pazienti e nutrizionisti, con anteprima, prova e versioni."
        />
        <LinkCard
          to={paths.system.audit()}
          icon={<IconHistory size={24} />}
          title="Registro delle attività"
          description="Chi ha letto dati sanitari o cambiato qualcosa nell’amministrazione, e quando."
        />
        <LinkCard
          to={paths.system.contracts()}
          icon={<IconFileCertificate size={24} />}
          title="Contratti"
          description="Informative privacy che i pazienti accettano: versioni, pubblicazione ed esportazione delle accettazioni."
        />
        <LinkCard
          to={paths.system.logViewer()}
          icon={<IconFileSearch size={24} />}
          title="Log applicativi"
          description="Cerca nei log per periodo, livello, area, richiesta o utente, per diagnosticare errori."
        />
        <LinkCard
          to={paths.system.privacyRequests()}
          icon={<IconShieldLock size={24} />}
          title="Richieste sulla privacy"
          description="Esportazioni dei dati ed eliminazioni degli account chieste dai pazienti, con il loro esito."
        />
      </SimpleGrid>
    </Page>
  );
}

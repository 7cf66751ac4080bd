/**
 * Italian e-mails of onboarding: editable templates whose defaults are these texts
 * (docs/product.md#e-mail-templates), rendered through the shared layout.
 */
import { defineMailTemplate, mailFromTemplate } from '../platform/mail-templates';

export const verifyEmailTemplate = defineMailTemplate({
  key: 'onboarding.verify-email',
  name: 'Conferma dell’e-mail alla registrazione',
  description: 'Al paziente che ha compilato il questionario: il link per confermare l’e-mail.',
  variables: {
    firstName: { label: 'Nome del paziente', sample: 'Giulia' },
    url: { label: 'Link di conferma', sample: 'https://nutri.example/VerifyEmail/esempio', required: true },
  },
  content: {
    subject: 'Conferma la tua e-mail per iniziare con Nutrì',
    greeting: 'Ciao {{firstName}},',
    paragraphs: [
      'grazie per la registrazione a Nutrì. Conferma il tuo indirizzo e-mail per attivare l’account e conoscere il nutrizionista che abbiamo scelto per te.',
      'Il link è valido per 48 ore.',
    ],
    action: { label: 'Conferma la tua e-mail', url: '{{url}}' },
  },
});

export const verifyEmailMail = (firstName: string, url: string) =>
  mailFromTemplate(verifyEmailTemplate, { firstName, url });

export const nutritionistAssignedTemplate = defineMailTemplate({
  key: 'onboarding.nutritionist-assigned',
  name: 'Nutrizionista assegnato',
  description:
    'Al paziente rimasto senza nutrizionista al questionario, quando uno gli viene assegnato (automaticamente o dal back-office).',
  variables: {
    patientName: { label: 'Nome del paziente', sample: 'Giulia Conti' },
    yourNutritionist: {
      label: '“la tua nutrizionista” o “il tuo nutrizionista”',
      sample: 'la tua nutrizionista',
    },
    nutritionistName: { label: 'Nome del nutrizionista', sample: 'Chiara Bianchi' },
    url: { label: 'Link all’area personale', sample: 'https://nutri.example/Patients', required: true },
  },
  content: {
    subject: 'Abbiamo trovato {{yourNutritionist}}',
    greeting: 'Ciao {{patientName}},',
    paragraphs: [
      'buone notizie: {{nutritionistName}} ti seguirà su Nutrì.',
      'Accedi alla tua area personale per vedere il profilo e fissare l’incontro conoscitivo gratuito in videochiamata: circa 20 minuti, senza impegno.',
      'Se non ricordi la password, dalla pagina di accesso puoi reimpostarla.',
    ],
    action: { label: 'Vai alla tua area personale', url: '{{url}}' },
  },
});

/** A patient left without a match at the questionnaire now has a nutritionist (rematch job or an admin). */
export const nutritionistAssignedMail = (
  patientName: string,
  nutritionist: { name: string; female: boolean },
  url: string,
) =>
  mailFromTemplate(nutritionistAssignedTemplate, {
    patientName,
    yourNutritionist: nutritionist.female ? 'la tua nutrizionista' : 'il tuo nutrizionista',
    nutritionistName: nutritionist.name,
    url,
  });

/** Every template of this area (the editor's list: settings/mail-templates.ts). */
export const onboardingMailTemplates = [verifyEmailTemplate, nutritionistAssignedTemplate];

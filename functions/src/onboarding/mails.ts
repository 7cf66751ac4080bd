import { renderMail } from '../platform/mail-layout';

export const verifyEmailMail = (firstName: string, url: string) =>
  renderMail({
    subject: 'Conferma la tua e-mail per iniziare con Nutrì',
    greeting: `Ciao ${firstName},`,
    paragraphs: [
      'grazie per la registrazione a Nutrì. Conferma il tuo indirizzo e-mail per attivare l’account e conoscere il nutrizionista che abbiamo scelto per te.',
      'Il link è valido per 48 ore.',
    ],
    action: { label: 'Conferma la tua e-mail', url },
  });

/** A patient left without a match at the questionnaire now has a nutritionist (rematch job or an admin). */
export const nutritionistAssignedMail = (
  patientName: string,
  nutritionist: { name: string; female: boolean },
  url: string,
) =>
  renderMail({
    subject: nutritionist.female
      ? 'Abbiamo trovato la tua nutrizionista'
      : 'Abbiamo trovato il tuo nutrizionista',
    greeting: `Ciao ${patientName},`,
    paragraphs: [
      `buone notizie: ${nutritionist.name} ti seguirà su Nutrì.`,
      'Accedi alla tua area personale per vedere il profilo e fissare l’incontro conoscitivo gratuito in videochiamata: circa 20 minuti, senza impegno.',
      'Se non ricordi la password, dalla pagina di accesso puoi reimpostarla.',
    ],
    action: { label: 'Vai alla tua area personale', url },
  });

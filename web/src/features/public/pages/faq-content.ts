/** FAQ content (docs/product.md#overview): an accordion in sections. */
import {
  DURATION_MINUTES,
  FREE_CHANGE_DEADLINE_DAYS,
  INVOICE_UPLOAD_DAYS,
  IRPEF_DEDUCTION_PERCENT,
  NUTRITIONIST_MIN_EXPERIENCE_YEARS,
  NUTRITIONIST_SHARE_CENTS,
  PAID_VISIT_PRICE_CENTS,
  PAYMENT_DEADLINE_DAYS,
} from '../../../lib/shared-values';
import { formatEuro } from '../../../lib/money';
import { onFirstUse } from '../../../lib/on-first-use';

export interface FaqSection {
  id: string;
  title: string;
  items: readonly { question: string; answer: string }[];
}

/**
 * The sections, built when the FAQ page first renders: their prices need an Intl formatter, whose first use
 * must not fall on the evaluation of the content chunk (lib/on-first-use.ts), which every content page loads.
 */
export const faqSections = onFirstUse((): readonly FaqSection[] => {
  const price = formatEuro(PAID_VISIT_PRICE_CENTS);
  return [
    {
      id: 'servizio',
      title: 'Il servizio',
      items: [
        {
          question: 'Che cos’è Nutrì?',
          answer:
            'Nutrì è un servizio di nutrizione online: compili un questionario, ti abbiniamo a un nutrizionista selezionato e lavorate insieme con videochiamate e chat, senza spostarti da casa.',
        },
        {
          question: 'A chi è rivolto?',
          answer:
            'A chi vuole migliorare la propria alimentazione con l’aiuto di un professionista. Il servizio non è adatto a condizioni che richiedono una dietoterapia medica: in questi casi rivolgiti al tuo medico.',
        },
        {
          question: 'Posso rivolgermi a Nutrì se ho una patologia?',
          answer:
            'Nutrì si occupa di educazione alimentare e benessere. Non è adatto a condizioni che richiedono una dietoterapia medica (per esempio malattie renali, disturbi del comportamento alimentare o patologie che richiedono una dieta prescritta dal medico): in questi casi rivolgiti al tuo medico curante.',
        },
        {
          question: 'Quanto costa?',
          answer: `L’incontro conoscitivo è gratuito. Ogni visita dura ${DURATION_MINUTES.NORMAL} minuti e costa ${price}, con pagamento tramite carta.`,
        },
      ],
    },
    {
      id: 'come-funziona',
      title: 'Come funziona',
      items: [
        {
          question: 'Come viene scelto il mio nutrizionista?',
          answer:
            'In base alle risposte del questionario un algoritmo di abbinamento sceglie il professionista più adatto ai tuoi obiettivi e alle tue esigenze. Ti avvisiamo via e-mail appena lo abbiamo trovato.',
        },
        {
          question: 'Quanto dura l’incontro conoscitivo?',
          answer:
            'Circa 20 minuti, al massimo 30. È una videochiamata gratuita per conoscervi e capire come impostare il percorso.',
        },
        {
          question: 'Come parlo con il mio nutrizionista tra una visita e l’altra?',
          answer:
            'Dalla chat della tua area personale. Il nutrizionista ti risponde di solito entro poche ore e ricevi una notifica via e-mail quando arriva un messaggio.',
        },
        {
          question: 'Posso spostare o annullare un appuntamento?',
          answer: `Sì, gratuitamente e con rimborso completo se avvisi almeno ${FREE_CHANGE_DEADLINE_DAYS} giorni prima. Con un preavviso più breve la visita viene considerata effettuata.`,
        },
      ],
    },
    {
      id: 'pagamenti',
      title: 'Pagamenti e fatture',
      items: [
        {
          question: 'Quando devo pagare la visita?',
          answer: `Almeno ${PAYMENT_DEADLINE_DAYS} giorni prima dell’appuntamento. Se il pagamento non arriva in tempo, l’appuntamento non viene confermato.`,
        },
        {
          question: 'Posso annullare all’ultimo momento?',
          answer: `Spostare o annullare è gratuito, con rimborso completo, solo se avvisi almeno ${FREE_CHANGE_DEADLINE_DAYS} giorni prima dell’appuntamento. Dopo quel termine la visita viene considerata effettuata e non è rimborsabile.`,
        },
        {
          question: 'Che fatture ricevo?',
          answer: `Per ogni visita ricevi due fatture: una di ${formatEuro(NUTRITIONIST_SHARE_CENTS)} dal nutrizionista per la prestazione sanitaria, detraibile al ${IRPEF_DEDUCTION_PERCENT}% IRPEF, e una da Nutrì per la parte restante. La fattura del nutrizionista ti arriva per posta elettronica ed è caricata entro ${INVOICE_UPLOAD_DAYS} giorni dal pagamento.`,
        },
      ],
    },
    {
      id: 'nutrizionisti',
      title: 'I nutrizionisti',
      items: [
        {
          question: 'Come scegliete i nutrizionisti?',
          answer: `Valutiamo valori e approccio, formazione (dietisti, biologi con master in nutrizione o medici dietologi), almeno ${NUTRITIONIST_MIN_EXPERIENCE_YEARS} anni di libera professione, iscrizione all’albo e assicurazione professionale.`,
        },
        {
          question: 'Posso cambiare nutrizionista?',
          answer:
            'Sì: scrivi all’assistenza dalla pagina Contatti e ti aiutiamo a trovare un altro professionista. Prima dell’incontro conoscitivo puoi anche chiederlo una volta dalla tua area personale.',
        },
      ],
    },
    {
      id: 'assistenza',
      title: 'Assistenza tecnica',
      items: [
        {
          question: 'Ho dimenticato la password, cosa faccio?',
          answer:
            'Dalla pagina di accesso scegli “Password dimenticata?” e inserisci la tua e-mail: ti inviamo un link per reimpostarla.',
        },
        {
          question: 'Come faccio a cancellare il mio account?',
          answer:
            'Scrivi all’assistenza dalla pagina Contatti: gestiamo la richiesta e ti confermiamo la cancellazione.',
        },
        {
          question: 'Di cosa ho bisogno per le videochiamate?',
          answer:
            'Di un computer, tablet o smartphone con fotocamera, microfono e un browser aggiornato. Non serve installare nulla.',
        },
      ],
    },
  ];
});

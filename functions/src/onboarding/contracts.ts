/**
 * Privacy contracts patients accept (spec: contract types 2 and 3). The texts ship with the code as
 * version 1; each acceptance is a consent record naming the version (patients-repo.ts).
 */
import * as z from 'zod';
import { clientIp } from '../http/client-ip';
import { AppError, notFound } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { pathId } from '../http/path-id';
import { now } from '../platform/clock';
import { getPatientProfile, listConsents, recordConsent, updatePatientProfile } from './patients-repo';
import { requireActorUser } from '../accounts';

export const CONTRACT_TYPES = { servicePrivacy: 2, nutritionistPrivacy: 3 } as const;

export interface Contract {
  ContractTypeId: number;
  Version: number;
  Title: string;
  ContractText: string;
}

export const CONTRACTS: Record<number, Contract> = {
  [CONTRACT_TYPES.servicePrivacy]: {
    ContractTypeId: 2,
    Version: 1,
    Title: 'Informativa sulla privacy di Nutrì',
    ContractText: [
      '<h2>Chi tratta i tuoi dati</h2><p>Nutrì tratta i dati che ci affidi per offrirti il servizio: abbinarti a un nutrizionista, gestire la chat, gli appuntamenti e i pagamenti.</p>',
      '<h2>Quali dati</h2><p>I dati del tuo account (nome, e-mail, telefono), le risposte al questionario, i messaggi e i file che scambi con il tuo nutrizionista, i dati di fatturazione e di pagamento. Le risposte al questionario e i messaggi possono contenere dati relativi alla salute: li trattiamo solo con il tuo consenso e solo per seguirti nel percorso.</p>',
      '<h2>Con chi li condividiamo</h2><p>Con il nutrizionista che ti segue e con i fornitori che ci permettono di erogare il servizio (hosting nell’Unione Europea, invio e-mail, pagamenti con carta). Non vendiamo i tuoi dati.</p>',
      '<h2>Per quanto tempo</h2><p>Per tutta la durata del rapporto e per i tempi previsti dagli obblighi fiscali. Puoi chiedere la cancellazione dell’account scrivendo all’assistenza.</p>',
      '<h2>I tuoi diritti</h2><p>Accesso, rettifica, cancellazione, limitazione, portabilità e opposizione, scrivendo all’assistenza. Puoi sempre rivolgerti al Garante per la protezione dei dati personali.</p>',
    ].join(''),
  },
  [CONTRACT_TYPES.nutritionistPrivacy]: {
    ContractTypeId: 3,
    Version: 1,
    Title: 'Informativa privacy del nutrizionista',
    ContractText: [
      '<h2>Il tuo nutrizionista è titolare dei dati sanitari della visita</h2><p>Il professionista che ti segue tratta i dati raccolti durante le visite (anamnesi, misure, piani alimentari) per la prestazione sanitaria e per la fattura della parte sanitaria.</p>',
      '<h2>Segreto professionale</h2><p>Il nutrizionista è tenuto al segreto professionale e usa i tuoi dati solo per la tua cura.</p>',
      '<h2>Conservazione e diritti</h2><p>I dati sono conservati per i tempi previsti dalla normativa sanitaria e fiscale. Puoi esercitare i tuoi diritti scrivendo all’assistenza, che inoltrerà la richiesta al professionista.</p>',
    ].join(''),
  },
};

const contractTypeSchema = z.object({
  contractTypeId: pathId.refine((value) => value in CONTRACTS, { error: 'Tipo di contratto non valido.' }),
});

export const getContract = defineOperation('signedIn', { path: contractTypeSchema }, ({ path }) => {
  const contract = CONTRACTS[path.contractTypeId];
  return contract ? Promise.resolve(contract) : Promise.reject(notFound());
});

export const SERVICE_PRIVACY_REQUIRED =
  'L’accettazione dell’informativa privacy del servizio è obbligatoria.';
export const NUTRITIONIST_PRIVACY_REQUIRED =
  'L’accettazione dell’informativa privacy del nutrizionista è obbligatoria.';

export const acceptPrivacySchema = z.strictObject({
  ServicePrivacyAccepted: z.literal(true, { error: SERVICE_PRIVACY_REQUIRED }),
  NutritionistPrivacyAccepted: z.literal(true, { error: NUTRITIONIST_PRIVACY_REQUIRED }),
});

/** Whether a user accepted the current version of both contracts. */
export const hasSignedPrivacy = async (userId: string) => {
  const consents = await listConsents(userId);
  return Object.values(CONTRACTS).every((contract) =>
    consents.some(
      (consent) => consent.contractType === contract.ContractTypeId && consent.version === contract.Version,
    ),
  );
};

export const acceptPrivacy = defineOperation(
  ['Patient'],
  { body: acceptPrivacySchema },
  async ({ actor, event }) => {
    const user = await requireActorUser(actor);
    const profile = await getPatientProfile(user.Id);
    if (!profile) throw new AppError('forbidden');
    const acceptedAt = now().toISOString();
    for (const contract of Object.values(CONTRACTS)) {
      await recordConsent({
        userId: user.Id,
        contractType: contract.ContractTypeId,
        version: contract.Version,
        acceptedAt,
        sourceIp: clientIp(event),
      });
    }
    if (!profile.PrivacyContractSigned)
      await updatePatientProfile(profile, { PrivacyContractSigned: true }, now());
    return noContent();
  },
);

/**
 * Privacy contracts patients accept (docs/product.md#contracts: types 2 and 3). Version 1 of each is the
 * text shipped here; later versions are drafted and published by the SystemAdmin (contract-admin.ts,
 * stored by contracts-repo.ts). Each acceptance is a consent record naming the version in effect when
 * the patient accepted (patients-repo.ts); a patient who accepted an older version accepts again before
 * the next payment.
 */
import { contractTexts, type ContractTypeId } from '@nutri/shared';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from 'zod';
import { clientIp } from '../http/client-ip';
import { AppError, notFound } from '../http/errors';
import { defineOperation, noContent } from '../http/operation';
import { pathId } from '../http/path-id';
import { now } from '../platform/clock';
import { acceptanceState, versionsInEffect } from './contract-versions';
import { getContractVersion, listContractVersions } from './contracts-repo';
import {
  getPatientProfile,
  listConsents,
  recordConsent,
  updatePatientProfile,
  type PatientProfile,
} from './patients-repo';
import { requireActorUser } from '../accounts';

export const CONTRACT_TYPES = { servicePrivacy: 2, nutritionistPrivacy: 3 } as const;

export interface Contract {
  ContractTypeId: ContractTypeId;
  Version: number;
  Title: string;
  ContractText: string;
}

/** Version 1 of each contract: in effect until the SystemAdmin publishes another. */
export const CONTRACTS: Record<ContractTypeId, Contract> = {
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
  contractTypeId: pathId.refine((value) => value in CONTRACTS, { error: contractTexts.typeNotFound }),
});
const contractVersionQuery = z.object({
  /** An older version (the one a patient accepted); without it, the version in effect. */
  version: z.coerce.number().int().min(1).max(999_999).optional(),
});

/** The version of each contract patients accept now (1 until another is published and in effect). */
export const contractVersionsInEffect = async (at: Date) =>
  versionsInEffect(await listContractVersions(), at);

/** A contract's text at a version: 1 from code, a later one only once published (drafts stay private). */
export const publishedContract = async (contractType: ContractTypeId, version: number) => {
  if (version === 1) return { ...CONTRACTS[contractType], EffectiveFrom: null };
  const stored = await getContractVersion(contractType, version);
  if (!stored || stored.Status !== 'published') return null;
  return {
    ContractTypeId: contractType,
    Version: stored.Version,
    Title: stored.Title,
    ContractText: stored.ContractText,
    EffectiveFrom: stored.EffectiveFrom,
  };
};

export const getContract = defineOperation(
  'signedIn',
  { path: contractTypeSchema, query: contractVersionQuery },
  async ({ path, query }) => {
    const contractType = path.contractTypeId as ContractTypeId;
    const version = query.version ?? (await contractVersionsInEffect(now())).get(contractType) ?? 1;
    const contract = await publishedContract(contractType, version);
    if (!contract) throw notFound(contractTexts.versionNotFound);
    return contract;
  },
);

export const SERVICE_PRIVACY_REQUIRED =
  'L’accettazione dell’informativa privacy del servizio è obbligatoria.';
export const NUTRITIONIST_PRIVACY_REQUIRED =
  'L’accettazione dell’informativa privacy del nutrizionista è obbligatoria.';

export const acceptPrivacySchema = z.strictObject({
  ServicePrivacyAccepted: z.literal(true, { error: SERVICE_PRIVACY_REQUIRED }),
  NutritionistPrivacyAccepted: z.literal(true, { error: NUTRITIONIST_PRIVACY_REQUIRED }),
});

/**
 * Whether a patient accepted the contracts in effect (`signed`), and whether they had accepted an older
 * version and must accept the new one (`updated`). The profile's flag says they accepted version 1 (the
 * only one before versions existed); the consent records are read only once a later version is in effect.
 */
export const privacyAcceptanceOf = async (profile: PatientProfile, at: Date) => {
  const inEffect = await contractVersionsInEffect(at);
  const needsRecords = [...inEffect.values()].some((version) => version > 1);
  const consents = needsRecords ? await listConsents(profile.UserId) : [];
  return acceptanceState(inEffect, consents, profile.PrivacyContractSigned);
};

/** Longest User-Agent kept with a consent (browsers send a few hundred characters). */
const USER_AGENT_MAX = 512;
const userAgentOf = (event: APIGatewayProxyEvent) =>
  (
    Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'user-agent')?.[1] ?? ''
  ).slice(0, USER_AGENT_MAX);

export const acceptPrivacy = defineOperation(
  ['Patient'],
  { body: acceptPrivacySchema },
  async ({ actor, event }) => {
    const user = await requireActorUser(actor);
    const profile = await getPatientProfile(user.Id);
    if (!profile) throw new AppError('forbidden');
    const at = now();
    const acceptedAt = at.toISOString();
    // The versions in effect now: those the dialog's links showed.
    for (const [contractType, version] of await contractVersionsInEffect(at)) {
      await recordConsent({
        userId: user.Id,
        contractType,
        version,
        acceptedAt,
        sourceIp: clientIp(event),
        userAgent: userAgentOf(event),
      });
    }
    if (!profile.PrivacyContractSigned)
      await updatePatientProfile(profile, { PrivacyContractSigned: true }, at);
    return noContent();
  },
);

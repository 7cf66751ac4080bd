/**
 * Local demo data of the `nutritionists` area (never deployed): the specialization areas (Skill tags),
 * eight nutritionists with complete public profiles and generated portraits, and the featured reviews of
 * the landing page. Idempotent: deterministic ids and conditional writes, and nothing an admin changed
 * afterwards is overwritten; portraits are rendered only for profiles that have none.
 */
import { randomBytes } from 'node:crypto';
import type { TagKind } from '@nutri/shared';
import { hashPassword } from '@nutri/functions/accounts/password';
import { createUser, getUser } from '@nutri/functions/accounts/users-repo';
import { createTag, findTagByName } from '@nutri/functions/content/tags-repo';
import { AppError } from '@nutri/functions/http/errors';
import { storeNutritionistPhoto } from '@nutri/functions/nutritionists/profile-photo';
import {
  assignSkillIds,
  getNutritionistProfile,
  saveNutritionistProfile,
  type Gender,
} from '@nutri/functions/nutritionists/public-profiles-repo';
import { createReview, type StoredReview } from '@nutri/functions/nutritionists/reviews-repo';
import { renderPortrait, type Portrait } from './seed-portraits';

const SKILL: TagKind = 'Skill';

/** The specialization areas (the home page promises 11 or more). */
export const SKILL_NAMES = [
  'Dimagrimento e composizione corporea',
  'Alimentazione sportiva',
  'Gravidanza e allattamento',
  'Alimentazione vegetariana e vegana',
  'Salute intestinale',
  'Diabete e insulino-resistenza',
  'Colesterolo e salute cardiovascolare',
  'Nutrizione pediatrica',
  'Menopausa',
  'Intolleranze alimentari',
  'PCOS e salute ormonale',
  'Educazione alimentare',
  'Nutrizione nella terza età',
] as const;
type SkillName = (typeof SKILL_NAMES)[number];

interface SeedNutritionist {
  id: string;
  /** Absent for the demo nutritionist, whom seed.ts creates with a known password. */
  account?: { email: string; userName: string; name: string };
  personalTitle: 'dottore' | 'dottoressa';
  gender: Gender;
  professionalTitle: string;
  profilePageUrl: string;
  bio: string[];
  training: string[];
  skills: SkillName[];
  portrait: Portrait;
}

export const DEMO_NUTRITIONIST_ID = '5d0c1a38-2f5e-4f0b-9a55-000000000002';

export const SEED_NUTRITIONISTS: readonly SeedNutritionist[] = [
  {
    id: DEMO_NUTRITIONIST_ID,
    personalTitle: 'dottoressa',
    gender: 2,
    professionalTitle: 'Biologa nutrizionista',
    profilePageUrl: 'chiara-bianchi',
    bio: [
      'Mi occupo di educazione alimentare e di percorsi di dimagrimento che durano nel tempo: niente diete lampo, ma abitudini costruite insieme, settimana dopo settimana, partendo da quello che mangi già.',
      'Lavoro molto con chi ha poco tempo: pranzi in ufficio, cene veloci, spesa organizzata. Ogni piano è flessibile e si adatta ai tuoi orari, ai tuoi gusti e agli imprevisti della vita reale.',
      'Seguo anche sportivi amatoriali che vogliono migliorare la composizione corporea e le prestazioni, con attenzione alla salute intestinale.',
    ],
    training: [
      'Laurea magistrale in Scienze della Nutrizione Umana – Università di Roma Tor Vergata (2015)',
      'Master di II livello in Nutrizione e Dietetica applicata allo sport – Università di Pavia (2017)',
      'Iscrizione all’Ordine Nazionale dei Biologi n. AA_078412',
      'Libera professione dal 2017',
    ],
    skills: [
      'Dimagrimento e composizione corporea',
      'Educazione alimentare',
      'Alimentazione sportiva',
      'Salute intestinale',
    ],
    portrait: {
      background: '#cfe8d5',
      skin: '#f1c9a5',
      hair: '#6b3e26',
      hairStyle: 'long',
      clothing: '#2f7d5b',
    },
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000101',
    account: {
      email: 'giorgia.esposito@nutri.local',
      userName: 'giorgia.esposito',
      name: 'Giorgia Esposito',
    },
    personalTitle: 'dottoressa',
    gender: 2,
    professionalTitle: 'Dietista',
    profilePageUrl: 'giorgia-esposito',
    bio: [
      'Accompagno le future mamme dalla gravidanza all’allattamento, e poi tutta la famiglia nello svezzamento e nella crescita dei bambini.',
      'Credo in un’alimentazione serena, senza divieti inutili: ti aiuto a capire cosa serve davvero in ogni fase e a portarlo in tavola con ricette semplici.',
      'Mi occupo anche di intolleranze alimentari accertate, per costruire menu completi e vari nonostante le esclusioni.',
    ],
    training: [
      'Laurea in Dietistica – Università di Napoli Federico II (2016)',
      'Corso di perfezionamento in Nutrizione materno-infantile – Università di Firenze (2018)',
      'Iscrizione all’Albo dei Dietisti – Ordine TSRM e PSTRP di Napoli n. 512',
      'Libera professione dal 2018',
    ],
    skills: [
      'Gravidanza e allattamento',
      'Nutrizione pediatrica',
      'Intolleranze alimentari',
      'Educazione alimentare',
    ],
    portrait: {
      background: '#f6d9c4',
      skin: '#e8b48f',
      hair: '#1f1a17',
      hairStyle: 'bun',
      clothing: '#c0564b',
      glasses: true,
    },
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000102',
    account: { email: 'marco.ferrari@nutri.local', userName: 'marco.ferrari', name: 'Marco Ferrari' },
    personalTitle: 'dottore',
    gender: 1,
    professionalTitle: 'Medico dietologo',
    profilePageUrl: 'marco-ferrari',
    bio: [
      'Sono medico specialista in Scienza dell’Alimentazione. Seguo persone con insulino-resistenza, prediabete, diabete di tipo 2 e colesterolo alto che vogliono migliorare i propri valori a partire dalla tavola.',
      'Leggo con te gli esami del sangue e definiamo obiettivi concreti e misurabili; il piano alimentare è costruito sulle tue abitudini, non su uno schema standard.',
      'Collaboro volentieri con il tuo medico di base e con gli altri specialisti che ti seguono.',
    ],
    training: [
      'Laurea in Medicina e Chirurgia – Università di Bologna (2006)',
      'Specializzazione in Scienza dell’Alimentazione – Università di Modena e Reggio Emilia (2011)',
      'Iscrizione all’Ordine dei Medici Chirurghi e degli Odontoiatri di Bologna n. 18243',
      'Libera professione dal 2011',
    ],
    skills: [
      'Diabete e insulino-resistenza',
      'Colesterolo e salute cardiovascolare',
      'Dimagrimento e composizione corporea',
    ],
    portrait: {
      background: '#d6e4f2',
      skin: '#f3cfb3',
      hair: '#3a2a20',
      hairStyle: 'short',
      clothing: '#35597a',
      beard: true,
    },
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000103',
    account: {
      email: 'francesca.romano@nutri.local',
      userName: 'francesca.romano',
      name: 'Francesca Romano',
    },
    personalTitle: 'dottoressa',
    gender: 2,
    professionalTitle: 'Biologa nutrizionista',
    profilePageUrl: 'francesca-romano',
    bio: [
      'Mi dedico alla salute ormonale femminile: sindrome dell’ovaio policistico, irregolarità del ciclo, menopausa. Sono fasi in cui l’alimentazione può fare molto per l’energia, il peso e il benessere.',
      'Propongo piani ricchi di vegetali, anche completamente vegetariani o vegani, bilanciati con cura per non farti mancare nulla.',
    ],
    training: [
      'Laurea magistrale in Biologia della Nutrizione – Università di Firenze (2013)',
      'Master in Alimentazione e Dietetica vegetariana – Università Politecnica delle Marche (2016)',
      'Iscrizione all’Ordine Nazionale dei Biologi n. AA_065903',
      'Libera professione dal 2014',
    ],
    skills: [
      'PCOS e salute ormonale',
      'Menopausa',
      'Alimentazione vegetariana e vegana',
      'Dimagrimento e composizione corporea',
    ],
    portrait: {
      background: '#efe2f3',
      skin: '#c98e6b',
      hair: '#2b1d16',
      hairStyle: 'curly',
      clothing: '#7b4f9c',
    },
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000104',
    account: { email: 'luca.colombo@nutri.local', userName: 'luca.colombo', name: 'Luca Colombo' },
    personalTitle: 'dottore',
    gender: 1,
    professionalTitle: 'Biologo nutrizionista',
    profilePageUrl: 'luca-colombo',
    bio: [
      'Ex nuotatore agonista, oggi seguo atleti e appassionati di corsa, ciclismo, palestra e sport di squadra: alimentazione per allenarsi meglio, recuperare prima e arrivare pronti alla gara.',
      'Lavoro sulla composizione corporea con misure periodiche e obiettivi chiari, anche per chi segue un’alimentazione vegetariana.',
      'Nessun integratore “miracoloso”: prima il cibo, poi, solo se serve, il resto.',
    ],
    training: [
      'Laurea magistrale in Scienze dell’Alimentazione e Nutrizione Umana – Università di Milano (2017)',
      'Master in Nutrizione sportiva – Università di Roma Tor Vergata (2019)',
      'Iscrizione all’Ordine Nazionale dei Biologi n. AA_091277',
      'Libera professione dal 2019',
    ],
    skills: [
      'Alimentazione sportiva',
      'Dimagrimento e composizione corporea',
      'Alimentazione vegetariana e vegana',
    ],
    portrait: {
      background: '#fde3cf',
      skin: '#f5d3b8',
      hair: '#8a5a2b',
      hairStyle: 'sidePart',
      clothing: '#3f6e9e',
    },
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000105',
    account: { email: 'sara.ricci@nutri.local', userName: 'sara.ricci', name: 'Sara Ricci' },
    personalTitle: 'dottoressa',
    gender: 2,
    professionalTitle: 'Dietista',
    profilePageUrl: 'sara-ricci',
    bio: [
      'Gonfiore, digestione difficile, intestino irritabile: mi occupo di salute intestinale con un approccio graduale, che reintroduce gli alimenti invece di toglierli per sempre.',
      'Ti aiuto a riconoscere cosa ti fa stare bene con un diario alimentare semplice e con tanti consigli pratici per la spesa e la cucina di tutti i giorni.',
    ],
    training: [
      'Laurea in Dietistica – Università di Torino (2018)',
      'Corso di alta formazione in Nutrizione e microbiota intestinale – Università di Parma (2020)',
      'Iscrizione all’Albo dei Dietisti – Ordine TSRM e PSTRP di Torino n. 734',
      'Libera professione dal 2020',
    ],
    skills: [
      'Salute intestinale',
      'Intolleranze alimentari',
      'Alimentazione vegetariana e vegana',
      'Educazione alimentare',
    ],
    portrait: {
      background: '#fbeec1',
      skin: '#f5d3b8',
      hair: '#b8863b',
      hairStyle: 'bob',
      clothing: '#4f7f8c',
    },
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000106',
    account: {
      email: 'alessandro.greco@nutri.local',
      userName: 'alessandro.greco',
      name: 'Alessandro Greco',
    },
    personalTitle: 'dottore',
    gender: 1,
    professionalTitle: 'Biologo nutrizionista',
    profilePageUrl: 'alessandro-greco',
    bio: [
      'Aiuto adulti e persone over 65 a mangiare bene per il cuore: colesterolo, pressione, glicemia e mantenimento della massa muscolare con l’età.',
      'Spiego il perché di ogni scelta, così che le nuove abitudini diventino tue e restino anche quando il percorso finisce.',
      'Ricevo anche familiari e caregiver che vogliono organizzare i pasti di un genitore anziano.',
    ],
    training: [
      'Laurea magistrale in Scienze della Nutrizione Umana – Università di Padova (2012)',
      'Master in Nutrizione clinica e dietetica – Università di Perugia (2014)',
      'Iscrizione all’Ordine Nazionale dei Biologi n. AA_058164',
      'Libera professione dal 2013',
    ],
    skills: [
      'Colesterolo e salute cardiovascolare',
      'Nutrizione nella terza età',
      'Diabete e insulino-resistenza',
      'Educazione alimentare',
    ],
    portrait: {
      background: '#dcefe9',
      skin: '#dca784',
      hair: '#5b5b5b',
      hairStyle: 'sidePart',
      clothing: '#5a6b3d',
      glasses: true,
    },
  },
  {
    id: '5d0c1a38-2f5e-4f0b-9a55-000000000107',
    account: { email: 'elena.marino@nutri.local', userName: 'elena.marino', name: 'Elena Marino' },
    personalTitle: 'dottoressa',
    gender: 2,
    professionalTitle: 'Medico specialista in Scienza dell’Alimentazione',
    profilePageUrl: 'elena-marino',
    bio: [
      'Sono medico e mi occupo di nutrizione nelle diverse fasi della vita della donna, con particolare attenzione alla menopausa e alla prevenzione cardiovascolare.',
      'Il primo incontro serve a conoscerci: la tua storia, le tue giornate, cosa ti piace mangiare. Da lì costruiamo un percorso realistico, senza rinunce che non riusciresti a mantenere.',
      'Mi occupo anche di insulino-resistenza e sindrome dell’ovaio policistico.',
    ],
    training: [
      'Laurea in Medicina e Chirurgia – Università di Pavia (2009)',
      'Specializzazione in Scienza dell’Alimentazione – Università di Milano (2014)',
      'Iscrizione all’Ordine dei Medici Chirurghi e degli Odontoiatri di Pavia n. 9876',
      'Libera professione dal 2014',
    ],
    skills: [
      'Menopausa',
      'Colesterolo e salute cardiovascolare',
      'PCOS e salute ormonale',
      'Diabete e insulino-resistenza',
      'Dimagrimento e composizione corporea',
    ],
    portrait: {
      background: '#e4e9f7',
      skin: '#d9a07c',
      hair: '#2e2420',
      hairStyle: 'long',
      clothing: '#8c4a5f',
      glasses: true,
    },
  },
];

export const SEED_REVIEWS: readonly Omit<StoredReview, 'createdAt' | 'ModeratedAt' | 'ModeratedBy'>[] = [
  {
    ReviewId: 'seed-review-1',
    Text: 'Dopo anni di diete fai-da-te ho finalmente capito come mangiare bene senza rinunciare a niente. La mia nutrizionista risponde sempre in chat e le videochiamate si incastrano benissimo con il lavoro.',
    Author: 'Giulia R.',
    Rating: 5,
    ReviewDate: '2025-03-21',
    Status: 'Approved',
    Featured: true,
    NutritionistUserId: DEMO_NUTRITIONIST_ID,
    BookingId: null,
    PatientUserId: null,
  },
  {
    ReviewId: 'seed-review-2',
    Text: 'Mi allenavo quattro volte a settimana senza vedere risultati. In tre mesi ho perso 6 kg mantenendo la massa muscolare. Unico neo: all’inizio non è stato semplice trovare l’orario per la prima visita.',
    Author: 'Marco T.',
    Rating: 4.5,
    ReviewDate: '2025-03-02',
    Status: 'Approved',
    Featured: true,
    NutritionistUserId: '5d0c1a38-2f5e-4f0b-9a55-000000000104',
    BookingId: null,
    PatientUserId: null,
  },
  {
    ReviewId: 'seed-review-3',
    Text: 'In gravidanza avevo mille dubbi su cosa potessi mangiare. Ho trovato una professionista attenta e mai giudicante, con consigli pratici che oggi usiamo per tutta la famiglia.',
    Author: 'Elisa B.',
    Rating: 5,
    ReviewDate: '2025-02-14',
    Status: 'Approved',
    Featured: true,
    NutritionistUserId: '5d0c1a38-2f5e-4f0b-9a55-000000000101',
    BookingId: null,
    PatientUserId: null,
  },
  {
    ReviewId: 'seed-review-4',
    Text: 'Percorso serio e ben organizzato, i miei valori di colesterolo sono migliorati già al secondo controllo.',
    Author: 'Paolo M.',
    Rating: 4,
    ReviewDate: '2024-11-10',
    Status: 'Approved',
    Featured: false,
    NutritionistUserId: '5d0c1a38-2f5e-4f0b-9a55-000000000106',
    BookingId: null,
    PatientUserId: null,
  },
];

/** The Skill tags by name, creating the missing ones. */
const ensureSkillTags = async () => {
  const ids = new Map<SkillName, number>();
  let created = 0;
  for (const name of SKILL_NAMES) {
    // Case-insensitive, like the tag catalog's unique names: an admin may have typed it differently.
    const existing = await findTagByName(SKILL, name);
    if (existing) {
      ids.set(name, existing.TagId);
      continue;
    }
    try {
      ids.set(name, (await createTag(name, SKILL)).TagId);
      created += 1;
    } catch (error) {
      // Another start seeding at the same moment created it: read it back.
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      const tag = await findTagByName(SKILL, name);
      if (!tag) throw error;
      ids.set(name, tag.TagId);
    }
  }
  const idOf = (name: SkillName) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`Skill tag missing after seeding: ${name}`);
    return id;
  };
  return { idOf, created };
};

const ensureUser = async (person: SeedNutritionist) => {
  if (await getUser(person.id)) return false;
  if (!person.account) throw new Error(`Demo user ${person.id} must be seeded before the nutritionists.`);
  const now = new Date().toISOString();
  await createUser({
    Id: person.id,
    UserName: person.account.userName,
    Email: person.account.email,
    Name: person.account.name,
    DisplayName: person.account.name,
    MobilePhoneNo: null,
    roles: ['Nutritionist'],
    // Not demo logins: nobody knows this password (a reset by e-mail works locally if ever needed).
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  return true;
};

/** Creates the profile if missing and gives it a portrait if it has none; edits made since are kept. */
const ensureProfile = async (person: SeedNutritionist, skillId: (name: SkillName) => number) => {
  const current = await getNutritionistProfile(person.id);
  if (current?.ImagePath) return { profile: false, photo: false };
  const imagePath = await storeNutritionistPhoto(person.id, await renderPortrait(person.portrait));
  if (current) {
    await saveNutritionistProfile(person.id, current, { ImagePath: imagePath }, new Date());
    return { profile: false, photo: true };
  }
  await saveNutritionistProfile(
    person.id,
    null,
    {
      ProfessionalTitle: person.professionalTitle,
      PersonalTitle: person.personalTitle,
      Bio: person.bio.join('\n'),
      Training: person.training.join('\n'),
      ProfilePageUrl: person.profilePageUrl,
      Gender: person.gender,
      Skills: await assignSkillIds([], person.skills.map(skillId)),
      ImagePath: imagePath,
      IsPublic: true,
    },
    new Date(),
  );
  return { profile: true, photo: true };
};

export const seedNutritionists = async () => {
  const skills = await ensureSkillTags();
  // People are independent of each other: seeding them side by side keeps start-up fast.
  const results = await Promise.all(
    SEED_NUTRITIONISTS.map(async (person) => ({
      user: await ensureUser(person),
      ...(await ensureProfile(person, skills.idOf)),
    })),
  );
  let reviews = 0;
  const createdAt = new Date().toISOString();
  for (const review of SEED_REVIEWS) {
    if (await createReview({ ...review, createdAt, ModeratedAt: createdAt, ModeratedBy: null })) reviews += 1;
  }
  return {
    skills: skills.created,
    users: results.filter((result) => result.user).length,
    profiles: results.filter((result) => result.profile).length,
    photos: results.filter((result) => result.photo).length,
    reviews,
  };
};

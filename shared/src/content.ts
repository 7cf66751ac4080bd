/**
 * Public content and its administration (docs/product.md#data, #validation, #api): static content (pages and blog
 * articles), tags, galleries, the contact form and join-the-team applications. The same schemas validate
 * the admin forms and the handlers. Request schemas are strict; response schemas describe what leaves
 * the server.
 */
import * as z from 'zod';
import { IMAGE_WIDTHS } from './constants';
import {
  multiLineCheck,
  optionalMultiLineText,
  optionalText,
  requiredMultiLineText,
  requiredText,
} from './text';
import { validationTexts } from './texts';

const requiredMessage = { error: validationTexts.required };
const requiredCheck = { error: validationTexts.required, abort: true };

/** Image renditions by width (spec: 400, 800, 1200); null when the content has no image. */
export const imageUrlsSchema = z.object(
  Object.fromEntries(IMAGE_WIDTHS.map((width) => [String(width), z.string()])) as Record<
    '400' | '800' | '1200',
    z.ZodString
  >,
);
export type ImageUrls = z.infer<typeof imageUrlsSchema>;

export const CONTENT_TYPES = ['Page', 'Article'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Friendly URLs: lower-case words joined by dashes, e.g. "colazione-equilibrata". */
export const friendlyUrlSchema = z
  .string(requiredMessage)
  .trim()
  .min(1, requiredCheck)
  .max(120, { error: validationTexts.tooLong(120) })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'Usa solo lettere minuscole, numeri e trattini (es. colazione-sana).',
  });

export const tagSchema = z.object({ TagId: z.number().int().positive(), TagName: z.string() });
export type Tag = z.infer<typeof tagSchema>;

/** GET PublicStaticContent items (list view). */
export const staticContentSummarySchema = z.object({
  ContentId: z.number().int().positive(),
  ContentType: z.enum(CONTENT_TYPES),
  Title: z.string(),
  FriendlyUrl: z.string(),
  MetaDescription: z.string(),
  ImageFilePath: imageUrlsSchema.nullable(),
  ImageCaption: z.string(),
  PublishedAt: z.string().nullable(),
});
export type StaticContentSummary = z.infer<typeof staticContentSummarySchema>;

/** GET StaticContent/{id} and /FriendlyUrl/{url}: Text is sanitized HTML. */
export const staticContentSchema = staticContentSummarySchema.extend({
  Text: z.string(),
  Published: z.boolean(),
  tags: z.array(tagSchema),
  UpdatedAt: z.string(),
});
export type StaticContent = z.infer<typeof staticContentSchema>;

const staticContentFields = {
  ContentType: z.enum(CONTENT_TYPES, { error: validationTexts.invalidValue }),
  Title: requiredText(200),
  FriendlyUrl: friendlyUrlSchema,
  // A description: the admin form's text area may hold line breaks, which the meta tag tolerates.
  MetaDescription: optionalMultiLineText(300),
  Text: multiLineCheck(
    z
      .string({ error: validationTexts.invalidValue })
      .max(200_000, { error: validationTexts.tooLong(200_000), abort: true }),
  ),
  ImageCaption: optionalText(300),
  Published: z.boolean({ error: validationTexts.invalidValue }),
};

/** GET StaticContent items (BusinessAdmin): the summary with its state. */
export const staticContentAdminItemSchema = staticContentSummarySchema.extend({
  Published: z.boolean(),
  UpdatedAt: z.string(),
});
export type StaticContentAdminItem = z.infer<typeof staticContentAdminItemSchema>;

/** `fields`: comma-separated names of the response fields wanted (spec: "with fields"); all when absent. */
export const fieldsParamSchema = z
  .string()
  .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, { error: 'Elenco di campi non valido (es. ContentId,Title).' })
  .transform((value) => value.split(','))
  .optional();

/** GET StaticContent/{id} and StaticContent/FriendlyUrl/{url}. */
export const staticContentQuerySchema = z.strictObject({ fields: fieldsParamSchema });

/** POST StaticContent (BusinessAdmin). Text is HTML, sanitized on the server with an allow-list. */
export const createStaticContentSchema = z.strictObject({
  ...staticContentFields,
  MetaDescription: staticContentFields.MetaDescription.default(''),
  Text: staticContentFields.Text.default(''),
  ImageCaption: staticContentFields.ImageCaption.default(''),
  Published: staticContentFields.Published.default(false),
});
export type CreateStaticContentRequest = z.infer<typeof createStaticContentSchema>;

/**
 * PATCH StaticContent/{id}: only the fields sent change. Built from the fields without defaults: a
 * partial of the create schema would fill in the defaults and silently unpublish or blank the content.
 */
export const updateStaticContentSchema = z.strictObject(staticContentFields).partial();
export type UpdateStaticContentRequest = z.infer<typeof updateStaticContentSchema>;

/** Cover and gallery images: multipart field `File`, JPEG, PNG or WebP. */
export const CONTENT_IMAGE_FIELD = 'File';
/**
 * 4 MB: API Gateway hands the body to Lambda base64-encoded (4/3 larger) and a synchronous Lambda
 * request carries at most 6 MB.
 */
export const CONTENT_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
export const CONTENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const cursorSchema = z.string().max(2000).optional();
const flag = z
  .enum(['true', 'false'], { error: validationTexts.invalidValue })
  .transform((value) => value === 'true');

/** Page sizes of the content lists. */
export const CONTENT_PAGE_SIZE = { public: 12, publicMax: 50, admin: 20, adminMax: 100 } as const;

/**
 * GET PublicStaticContent: newest first, optionally one ContentType or one tag. `ids` (comma-separated
 * ContentIds, e.g. the home grid) returns those that are published, in the order given, in one page.
 */
export const publicStaticContentQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(1, { error: validationTexts.invalidValue })
    .max(CONTENT_PAGE_SIZE.publicMax, { error: validationTexts.invalidValue })
    .default(CONTENT_PAGE_SIZE.public),
  cursor: cursorSchema,
  ContentType: z.enum(CONTENT_TYPES, { error: validationTexts.invalidValue }).optional(),
  tag: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int()
    .positive({ error: validationTexts.invalidValue })
    .optional(),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, { error: 'Elenco di ContentId non valido (es. 1,2,3).' })
    .transform((value) => value.split(',').map(Number))
    .optional(),
  fields: fieldsParamSchema,
});
export type PublicStaticContentQuery = z.input<typeof publicStaticContentQuerySchema>;

export const CONTENT_ORDERS = ['Title', 'Title desc'] as const;

/** GET StaticContent and StaticContent/count (BusinessAdmin): Title order, filters on Title prefix, type, state. */
export const staticContentAdminQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(1, { error: validationTexts.invalidValue })
    .max(CONTENT_PAGE_SIZE.adminMax, { error: validationTexts.invalidValue })
    .default(CONTENT_PAGE_SIZE.admin),
  cursor: cursorSchema,
  orderBy: z.enum(CONTENT_ORDERS, { error: validationTexts.invalidValue }).default('Title'),
  Title: optionalText(200).default(''),
  ContentType: z.enum(CONTENT_TYPES, { error: validationTexts.invalidValue }).optional(),
  Published: flag.optional(),
});
export type StaticContentAdminQuery = z.input<typeof staticContentAdminQuerySchema>;

/** GET StaticContent/{id}/tags, and the answer of adding or removing a tag. */
export const contentTagsResponseSchema = z.object({ Data: z.array(tagSchema) });

export const TAG_KINDS = ['Content', 'Skill'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

export const tagDetailSchema = tagSchema.extend({ Kind: z.enum(TAG_KINDS) });
export type TagDetail = z.infer<typeof tagDetailSchema>;

/** POST Tags / PATCH Tags/{id} (BusinessAdmin). */
export const createTagSchema = z.strictObject({
  TagName: requiredText(60),
  Kind: z.enum(TAG_KINDS, { error: validationTexts.invalidValue }).default('Content'),
});
export const updateTagSchema = z.strictObject({ TagName: requiredText(60) });

/** GET Tags (BusinessAdmin): one kind, in name order, optionally by name prefix. */
export const listTagsQuerySchema = z.strictObject({
  Kind: z.enum(TAG_KINDS, { error: validationTexts.invalidValue }).default('Content'),
  name: optionalText(60).default(''),
  limit: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(1, { error: validationTexts.invalidValue })
    .max(100, { error: validationTexts.invalidValue })
    .default(100),
  cursor: cursorSchema,
});

/** GET Tags/autocomplete (BusinessAdmin): pickers show at most 10 suggestions. */
export const autocompleteTagsQuerySchema = z.strictObject({
  q: optionalText(60).default(''),
  Kind: z.enum(TAG_KINDS, { error: validationTexts.invalidValue }).default('Content'),
  limit: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(1, { error: validationTexts.invalidValue })
    .max(10, { error: validationTexts.invalidValue })
    .default(10),
});

export const galleryImageSchema = z.object({
  ImageId: z.string(),
  Caption: z.string(),
  ImageFilePath: imageUrlsSchema,
  Position: z.number().int().nonnegative(),
});
export const gallerySchema = z.object({
  GalleryId: z.number().int().positive(),
  Title: z.string(),
  Images: z.array(galleryImageSchema),
  UpdatedAt: z.string(),
});
export type Gallery = z.infer<typeof gallerySchema>;
/** GET Galleries items. */
export const gallerySummarySchema = gallerySchema.omit({ Images: true }).extend({
  ImageCount: z.number().int().nonnegative(),
});
export type GallerySummary = z.infer<typeof gallerySummarySchema>;
export const createGallerySchema = z.strictObject({ Title: requiredText(200) });
export const reorderGallerySchema = z.strictObject({ ImageIds: z.array(z.string()).min(1).max(200) });
/** Images per gallery: a reorder rewrites every position in one transaction (at most 100 items). */
export const GALLERY_MAX_IMAGES = 99;
/** Caption sent beside the file (multipart text field) when adding a gallery image. */
export const GALLERY_CAPTION_MAX = 300;
/** The text fields sent beside a gallery image. */
export const galleryImageFieldsSchema = z.strictObject({
  Caption: optionalText(GALLERY_CAPTION_MAX).default(''),
});

/** POST ContactForm (docs/product.md#validation). `Website` is a honeypot: people leave it empty, bots fill it in. */
export const contactFormSchema = z.strictObject({
  Name: requiredText(100),
  Email: z
    .string(requiredMessage)
    .trim()
    .min(1, requiredCheck)
    .max(50, { error: validationTexts.tooLong(50) })
    .pipe(z.email({ error: validationTexts.invalidEmail })),
  PhoneNo: optionalText(50).default(''),
  Message: requiredMultiLineText(500),
  Website: z.string().max(200).default(''),
});
export type ContactFormRequest = z.input<typeof contactFormSchema>;

/** GET ContactMessages items (BusinessAdmin), newest first. */
export const contactMessageSchema = z.object({
  ContactMessageId: z.string(),
  Name: z.string(),
  Email: z.string(),
  PhoneNo: z.string(),
  Message: z.string(),
  CreatedAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** Paging of the back-office lists of messages and applications. */
export const pageQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(1, { error: validationTexts.invalidValue })
    .max(100, { error: validationTexts.invalidValue })
    .default(20),
  cursor: cursorSchema,
});

export const PROFESSIONAL_PROFILES = ['Dietista', 'Biologo nutrizionista', 'Medico dietologo'] as const;
export const CV_MAX_BYTES = 10 * 1024 * 1024;

/** POST JoinTeamApplications: the CV is uploaded first (JoinTeamApplications/CvUpload), then referenced. */
export const joinTeamApplicationSchema = z.strictObject({
  Name: requiredText(100),
  Email: z
    .string(requiredMessage)
    .trim()
    .min(1, requiredCheck)
    .max(254, { error: validationTexts.tooLong(254) })
    .pipe(z.email({ error: validationTexts.invalidEmail })),
  PhoneNo: requiredText(50),
  ProfessionalProfile: z.enum(PROFESSIONAL_PROFILES, { error: 'Scegli il tuo profilo professionale.' }),
  RegisterNumber: requiredText(50),
  YearsOfPractice: z.coerce
    .number({ error: validationTexts.invalidValue })
    .int({ error: validationTexts.invalidValue })
    .min(0, { error: validationTexts.invalidValue })
    .max(60, { error: validationTexts.invalidValue }),
  HasInsurance: z.boolean({ error: validationTexts.invalidValue }),
  Message: optionalMultiLineText(2000).default(''),
  CvUploadId: requiredText(100),
  Website: z.string().max(200).default(''),
});
export type JoinTeamApplicationRequest = z.input<typeof joinTeamApplicationSchema>;

/** POST JoinTeamApplications/CvUpload: a presigned POST; send `Fields` and then the file (field `file`) to `Url`. */
export const cvUploadResponseSchema = z.object({
  UploadId: z.string(),
  Url: z.string(),
  Fields: z.record(z.string(), z.string()),
});
export type CvUpload = z.infer<typeof cvUploadResponseSchema>;

/** GET JoinTeamApplications items (BusinessAdmin), newest first; the CV through .../{id}/Cv. */
export const joinTeamApplicationViewSchema = z.object({
  ApplicationId: z.string(),
  Name: z.string(),
  Email: z.string(),
  PhoneNo: z.string(),
  ProfessionalProfile: z.enum(PROFESSIONAL_PROFILES),
  RegisterNumber: z.string(),
  YearsOfPractice: z.number().int(),
  HasInsurance: z.boolean(),
  Message: z.string(),
  CvSizeBytes: z.number().int(),
  CreatedAt: z.string(),
});
export type JoinTeamApplicationView = z.infer<typeof joinTeamApplicationViewSchema>;

/** GET JoinTeamApplications/{id}/Cv: a short-lived presigned download link. */
export const cvLinkSchema = z.object({ Url: z.string() });

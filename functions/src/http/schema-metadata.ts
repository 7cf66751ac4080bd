/**
 * Form metadata (docs/product.md#validation: "generic forms take validators and maximum length from server-provided
 * metadata"), derived from the same zod schema the handler validates with, so the two cannot drift.
 */
import * as z from 'zod';

export interface FieldMetadata {
  Required: boolean;
  MaxLength?: number;
  MinLength?: number;
  Pattern?: string;
}

/** Validators and maximum lengths of a form, from the zod schema of its request body. */
export const describeSchema = (schema: z.ZodObject): Record<string, FieldMetadata> => {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { maxLength?: number; minLength?: number; pattern?: string }>;
    required?: string[];
  };
  return Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([name, property]) => [
      name,
      {
        Required: json.required?.includes(name) ?? false,
        ...(property.maxLength !== undefined ? { MaxLength: property.maxLength } : {}),
        ...(property.minLength !== undefined ? { MinLength: property.minLength } : {}),
        ...(property.pattern !== undefined ? { Pattern: property.pattern } : {}),
      },
    ]),
  );
};

/**
 * Minimal form state validated by a shared zod schema (the same the handler uses). Errors show per field
 * after the first submit and then follow every change; server field errors can be merged in.
 */
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors<Values> = Partial<Record<keyof Values & string, string>> & { _?: string };

/** First message per top-level field (`_` for object-level issues). */
export const issuesToFieldErrors = <Values>(issues: readonly z.core.$ZodIssue[]): FieldErrors<Values> => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<Values>;
};

export function useZodForm<Values extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Values>,
  initialValues: NoInfer<Values>,
) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  const validate = useCallback(
    (next: Values) => {
      const result = schema.safeParse(next);
      setErrors(result.success ? {} : issuesToFieldErrors<Values>(result.error.issues));
      return result;
    },
    [schema],
  );

  // The latest values, so several changes in one event build on each other.
  const latest = useRef(values);

  const setAll = useCallback(
    (next: Values) => {
      latest.current = next;
      setValues(next);
      if (submitted.current) validate(next);
    },
    [validate],
  );

  const setValue = useCallback(
    <K extends keyof Values & string>(name: K, value: Values[K]) =>
      setAll({ ...latest.current, [name]: value }),
    [setAll],
  );

  /** Props for a text-like Mantine input. */
  const field = <K extends keyof Values & string>(name: K) => ({
    name,
    value: (values[name] ?? '') as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value as Values[K]),
    error: errors[name],
  });

  /** Props for a Mantine Checkbox or Switch. */
  const checkbox = <K extends keyof Values & string>(name: K) => ({
    name,
    checked: Boolean(values[name]),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.currentTarget.checked as Values[K]),
    error: errors[name],
  });

  /** Wraps the submit handler: validates, then calls it with the parsed data while `submitting`. */
  const onSubmit = (handler: (data: Output) => Promise<void> | void) => (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const result = validate(latest.current);
    if (!result.success) return;
    setSubmitting(true);
    void (async () => {
      try {
        await handler(result.data);
      } finally {
        setSubmitting(false);
      }
    })();
  };

  /** Shows field errors the server sent (`Errors`), keeping only fields this form has. */
  const setServerErrors = (fieldErrors: Record<string, string[]>) => {
    const next: Record<string, string> = {};
    for (const [fieldName, messages] of Object.entries(fieldErrors)) {
      const message = messages[0];
      if (message && fieldName in values) next[fieldName] = message;
    }
    setErrors(next as FieldErrors<Values>);
  };

  const reset = (next: Values = initialValues) => {
    submitted.current = false;
    latest.current = next;
    setValues(next);
    setErrors({});
  };

  return {
    values,
    errors,
    submitting,
    setValue,
    setValues: setAll,
    field,
    checkbox,
    onSubmit,
    setServerErrors,
    reset,
  };
}

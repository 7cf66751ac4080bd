/**
 * The phone number as the product asks for it everywhere: the country prefix (default +39) from the list,
 * then the national number. Controlled: the form owns both values.
 */
import type { ChangeEvent } from 'react';
import { Grid, NativeSelect, TextInput, type MantineSize } from '@mantine/core';
import { COUNTRY_PREFIXES } from './country-prefixes';

export const PREFIX_OPTIONS = COUNTRY_PREFIXES.map((entry) => ({
  value: entry.prefix,
  label: `${entry.country} (${entry.prefix})`,
}));

export interface PhoneFieldsProps {
  prefix: string;
  onPrefixChange: (prefix: string) => void;
  prefixError?: string | undefined;
  number: {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error?: string | undefined;
  };
  description?: string;
  required?: boolean;
  disabled?: boolean;
  size?: MantineSize;
}

export function PhoneFields({
  prefix,
  onPrefixChange,
  prefixError,
  number,
  description,
  required = false,
  disabled = false,
  size,
}: PhoneFieldsProps) {
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, xs: 5 }}>
        <NativeSelect
          label="Prefisso"
          data={PREFIX_OPTIONS}
          value={prefix}
          onChange={(event) => onPrefixChange(event.currentTarget.value)}
          error={prefixError}
          disabled={disabled}
          {...(size ? { size } : {})}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xs: 7 }}>
        <TextInput
          label="Numero di cellulare"
          {...(description
            ? { description, inputWrapperOrder: ['label', 'input', 'description', 'error'] as const }
            : {})}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="3331234567"
          required={required}
          withAsterisk={false}
          disabled={disabled}
          {...(size ? { size } : {})}
          value={number.value}
          onChange={number.onChange}
          error={number.error}
        />
      </Grid.Col>
    </Grid>
  );
}

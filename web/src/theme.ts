/**
 * Brand theme: a deep leaf green (trust, food, health) with a warm apricot accent on a warm off-white
 * page. Shades used for text and filled buttons keep WCAG AA contrast (>= 4.5:1) against white:
 * leaf-7 5.4:1, apricot-7 5.0:1, gray-6 (dimmed text) 5.9:1.
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { DATE_FORMAT } from './lib/shared-values';

const leaf: MantineColorsTuple = [
  '#edf8ef',
  '#d9f0de',
  '#b2e0bc',
  '#88cf98',
  '#64c079',
  '#4cb565',
  '#3a9f53',
  '#237a3b',
  '#1c6a32',
  '#125a28',
];

const apricot: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#fed3a1',
  '#fdba6f',
  '#fca34a',
  '#f59332',
  '#e07b1f',
  '#b45309',
  '#9a4508',
  '#7c3706',
];

/** Mantine's gray with a darker shade 6, which Mantine uses for dimmed text (default #868e96 is 3.3:1). */
const gray: MantineColorsTuple = [
  '#f8f9fa',
  '#f1f3f5',
  '#e9ecef',
  '#dee2e6',
  '#ced4da',
  '#adb5bd',
  '#5c6670',
  '#495057',
  '#343a40',
  '#212529',
];

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'leaf',
  primaryShade: { light: 7, dark: 5 },
  colors: { leaf, apricot, gray },
  black: '#1f2a24',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // People who ask their system for less motion get no transitions (popovers, dialogs, notifications).
  respectReducedMotion: true,
  components: {
    // @mantine/dates inputs are configured here by name so the theme does not pull the dates package.
    DateInput: { defaultProps: { valueFormat: DATE_FORMAT } },
    DatePickerInput: { defaultProps: { valueFormat: DATE_FORMAT } },
    DateTimePicker: { defaultProps: { valueFormat: `${DATE_FORMAT} HH:mm` } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1): always underlined.
    Anchor: { defaultProps: { underline: 'always' } },
    // Required fields keep the `required` attribute (announced by screen readers) without the visual
    // asterisk; optional fields say so in their description instead. The label text then is exactly the
    // field's name, which is what tests and assistive technology match on.
    TextInput: { defaultProps: { withAsterisk: false } },
    Textarea: { defaultProps: { withAsterisk: false } },
    NativeSelect: { defaultProps: { withAsterisk: false } },
    Select: { defaultProps: { withAsterisk: false } },
    // Keyboard users can reach the show/hide toggle; its name avoids the word "password" so the field's
    // label stays the only element named that way.
    PasswordInput: {
      defaultProps: {
        withAsterisk: false,
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Mostra i caratteri' },
      },
    },
  },
});

/**
 * Warm page background; panels (Paper, Card) stay white for readability. Error texts use red 9 (#c92a2a,
 * 5.4:1 on white) instead of Mantine's default red 6, which is 3.3:1 and fails WCAG AA for small text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-body': '#fffcf7', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

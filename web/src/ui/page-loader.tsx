import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or the data it needs is loading. */
export function PageLoader({ label = 'Caricamento in corso…' }: { label?: string }) {
  return (
    <Center py={80} role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}

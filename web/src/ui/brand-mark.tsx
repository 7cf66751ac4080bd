/** The Nutrì leaf mark (decorative: the brand name next to it is the accessible text). */
export function BrandMark({ size = 30, inverted = false }: { size?: number; inverted?: boolean }) {
  const circle = inverted ? '#fff' : 'var(--mantine-color-leaf-7)';
  const leaf = inverted ? 'var(--mantine-color-leaf-7)' : '#fff';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill={circle} />
      <path d="M19 45c0-15 9-25 26-27-2 15-11 25-26 27z" fill={leaf} />
      <path d="M19 45l15-15" stroke={circle} strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

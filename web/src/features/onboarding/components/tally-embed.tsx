/**
 * The questionnaire in the cloud: Tally's form in an iframe (its own page flow, validation and submit).
 * Tally's "redirect on completion" setting sends the visitor on to /Grazie?submission_id=...; the page's
 * Content-Security-Policy must allow frame-src https://tally.so. Tally's widget script (which would adapt
 * the height) is not loaded, so the frame gets a tall fixed height and scrolls inside.
 */
export const tallyEmbedUrl = (formId: string) =>
  `https://tally.so/embed/${encodeURIComponent(formId)}?alignLeft=1&hideTitle=1&transparentBackground=1&dynamicHeight=1`;

export function TallyEmbed({ formId }: { formId: string }) {
  return (
    <iframe
      src={tallyEmbedUrl(formId)}
      title="Questionario per trovare il tuo nutrizionista"
      width="100%"
      loading="eager"
      style={{ display: 'block', width: '100%', height: 'max(640px, 75vh)', border: 0 }}
    />
  );
}

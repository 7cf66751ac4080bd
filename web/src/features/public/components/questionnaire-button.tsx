import { paths } from '../../../paths';
import { ButtonLink } from '../../../ui/light-button';

/** The home page's call to action to the questionnaire. */
export function QuestionnaireButton({ size = 'lg', fullWidth }: { size?: 'md' | 'lg'; fullWidth?: boolean }) {
  return (
    <ButtonLink to={paths.findNutritionist()} size={size} color="apricot" fullWidth={fullWidth}>
      Trova il tuo nutrizionista
    </ButtonLink>
  );
}

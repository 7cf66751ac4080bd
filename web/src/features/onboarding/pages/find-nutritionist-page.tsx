/**
 * /Trova-il-tuo-Nutrizionista (also lower case: routes match case-insensitively): the questionnaire.
 * In the cloud Tally's form is embedded; without a Tally form id (local runtime) the built-in form asks
 * the same questions.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Text } from '@mantine/core';
import { paths } from '../../../paths';
import { LoadError } from '../../../ui/load-error';
import { Page } from '../../../ui/page';
import { PageLoader } from '../../../ui/page-loader';
import { usePublicConfig } from '../../../api/public-config';
import { BuiltInQuestionnaire } from '../components/built-in-questionnaire';
import { NotSuitableNotice } from '../components/not-suitable-notice';
import { TallyEmbed } from '../components/tally-embed';

export function FindNutritionistPage() {
  const config = usePublicConfig();
  const [notSuitable, setNotSuitable] = useState(false);
  // A new key restarts the built-in form from its first question.
  const [attempt, setAttempt] = useState(0);

  const body = () => {
    if (config.data?.TallyFormId) return <TallyEmbed formId={config.data.TallyFormId} />;
    if (config.data) {
      return notSuitable ? (
        <NotSuitableNotice
          onRestart={() => {
            setNotSuitable(false);
            setAttempt((value) => value + 1);
          }}
        />
      ) : (
        <BuiltInQuestionnaire key={attempt} onNotSuitable={() => setNotSuitable(true)} />
      );
    }
    if (config.error) return <LoadError onRetry={() => config.mutate()} />;
    return <PageLoader />;
  };

  return (
    <Page
      title={notSuitable ? 'Il percorso giusto per te' : 'Trova il tuo nutrizionista'}
      description={
        notSuitable
          ? undefined
          : 'Qualche domanda su obiettivi, abitudini e preferenze: bastano un paio di minuti per scegliere il professionista più adatto a te.'
      }
      size="sm"
    >
      {body()}
      {notSuitable ? null : (
        <Text mt="lg" size="sm" c="dimmed">
          Usiamo le tue risposte solo per scegliere il tuo nutrizionista e preparare il primo incontro. Hai
          già un account?{' '}
          <Anchor component={Link} to={paths.login()}>
            Accedi
          </Anchor>
          .
        </Text>
      )}
    </Page>
  );
}

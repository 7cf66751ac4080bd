/**
 * When the room is open (docs/product.md#video-room): from 15 minutes before the start to 30 minutes after the
 * planned end. Before, the page counts down to the opening; after, it says the visit is over.
 */
import { Alert, Text } from '@mantine/core';
import { IconClockHour4, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { inRome } from '@nutri/shared';
import '../../../lib/dates';
import { countdownText } from './countdown';

/** The current time, shifted by `skewMs` (server minus device clock), refreshed every `everyMs`. */
export const useNow = (everyMs = 1_000, skewMs = 0) => {
  const [now, setNow] = useState(() => new Date(Date.now() + skewMs));
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date(Date.now() + skewMs)), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, skewMs]);
  return now;
};

export function OpensLater({ opensAt, now }: { opensAt: string; now: Date }) {
  const opens = inRome(opensAt);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconClockHour4 aria-hidden />}
      title="La sala non è ancora aperta"
    >
      <Text>
        La videochiamata si apre alle <strong>{opens.format('HH:mm')}</strong>, 15 minuti prima dell’inizio.
        Intanto puoi provare videocamera e microfono.
      </Text>
      <Text mt={4}>
        Si apre tra{' '}
        <strong role="timer" aria-label="Tempo all’apertura della sala" data-testid="opens-countdown">
          {countdownText(new Date(opensAt).getTime() - now.getTime())}
        </strong>
      </Text>
    </Alert>
  );
}

export function VisitOver({ closesAt }: { closesAt: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title="La visita è terminata">
      La sala della videochiamata si è chiusa alle {inRome(closesAt).format('HH:mm')}, 30 minuti dopo la fine
      prevista della visita.
    </Alert>
  );
}

/**
 * Google's own sign-in button (drawn by Google in its frame, as its brand rules ask) followed by an
 * 'oppure' divider. Shown only where a client id is configured; when Google's script cannot be loaded
 * (offline, blocked) it renders nothing, and the e-mail path below it stays the way in.
 * `onCredential` receives the ID token; a popup the person closes never calls it.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Divider, LoadingOverlay, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { loadGoogleIdentity, type GoogleButtonConfiguration } from './google-identity';
import classes from './google-sign-in-button.module.css';

/** Google draws its button 200 to 400 px wide: as wide as the column allows. */
const buttonWidth = (element: HTMLElement) => Math.max(200, Math.min(400, Math.floor(element.clientWidth)));

export function GoogleSignInButton({
  clientId,
  text,
  context,
  busy,
  onCredential,
}: {
  clientId: string;
  text: NonNullable<GoogleButtonConfiguration['text']>;
  context: 'signin' | 'signup';
  /** The token is being checked by our server: the button is covered until it answers. */
  busy: boolean;
  onCredential: (idToken: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  // Google keeps the callback given at initialize: it calls through this ref to reach the latest handler.
  const handler = useRef(onCredential);
  useEffect(() => {
    handler.current = onCredential;
  });

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        const element = container.current;
        if (cancelled || !element) return;
        google.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            if (credential) handler.current(credential);
          },
          ux_mode: 'popup',
          auto_select: false,
          context,
          itp_support: true,
        });
        element.replaceChildren();
        google.renderButton(element, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text,
          shape: 'pill',
          logo_alignment: 'center',
          width: buttonWidth(element),
          locale: 'it',
        });
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('unavailable');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, text, context]);

  if (status === 'unavailable') return null;
  return (
    <Stack gap="md">
      <Box pos="relative" mih={44} aria-busy={busy}>
        {status === 'loading' ? <Skeleton height={44} radius="xl" aria-hidden /> : null}
        <div ref={container} className={classes.button} />
        <LoadingOverlay
          visible={busy}
          zIndex={2}
          overlayProps={{ radius: 'xl', blur: 1 }}
          loaderProps={{ size: 'sm' }}
        />
      </Box>
      <VisuallyHidden role="status">{busy ? 'Accesso con Google in corso…' : ''}</VisuallyHidden>
      <Divider label="oppure" labelPosition="center" />
    </Stack>
  );
}

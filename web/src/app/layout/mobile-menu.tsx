/**
 * The phone menu (a drawer), loaded the first time the burger is pressed: the drawer's focus trap,
 * scroll lock and transitions stay out of the landing chunk.
 */
import { Link, NavLink as RouterNavLink } from 'react-router-dom';
import { Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import { useAuth } from '../../features/auth';
import { paths } from '../../paths';
import { ACCOUNT_NAV, PUBLIC_NAV, roleNavItems, type NavItem } from './nav-items';

export default function MobileMenu({
  opened,
  onClose,
  onSignOut,
}: {
  opened: boolean;
  onClose: () => void;
  onSignOut: () => void;
}) {
  const { isSignedIn, roles, profile } = useAuth();
  const areas = roleNavItems(roles);

  const drawerLink = (item: NavItem) => (
    <NavLink
      key={item.href}
      component={RouterNavLink}
      to={item.href}
      label={item.label}
      onClick={onClose}
      styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
    />
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title="Menu"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': 'Chiudi il menu' }}
    >
      <Stack gap={4} component="nav" aria-label="Navigazione principale">
        {PUBLIC_NAV.map(drawerLink)}
        {isSignedIn ? (
          <>
            <Divider my="sm" label={profile?.DisplayName ?? 'Il mio account'} labelPosition="left" />
            {areas.map(drawerLink)}
            {ACCOUNT_NAV.map(drawerLink)}
            <Button
              variant="light"
              color="red"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={onSignOut}
              mt="md"
            >
              Esci
            </Button>
          </>
        ) : (
          <Stack gap="sm" mt="md">
            <Button component={Link} to={paths.findNutritionist()} color="apricot" onClick={onClose}>
              Trova il tuo nutrizionista
            </Button>
            <Button component={Link} to={paths.login()} variant="outline" onClick={onClose}>
              Accedi
            </Button>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}

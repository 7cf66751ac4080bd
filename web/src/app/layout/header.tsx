import { useState } from 'react';
import { Link, NavLink as RouterNavLink, useNavigate } from 'react-router-dom';
import {
  Avatar,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useAuth } from '../../features/auth/auth-context';
import { paths } from '../../paths';
import { BrandMark } from '../../ui/brand-mark';
import classes from './layout.module.css';
import { ACCOUNT_NAV, PUBLIC_NAV, roleNavItems, type NavItem } from './nav-items';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

function DesktopLink({ item }: { item: NavItem }) {
  return (
    <RouterNavLink to={item.href} className={classes.navLink} end={item.href === '/'}>
      {item.label}
    </RouterNavLink>
  );
}

function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const { profile, roles } = useAuth();
  const name = profile?.DisplayName || profile?.Name || profile?.AspNetUser.UserName || 'Il mio account';
  const areas = roleNavItems(roles);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={`Menu utente di ${name}`}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar src={profile?.ImageFileUrl ?? null} alt="" radius="xl" size={34} color="leaf">
              {initialsOf(name)}
            </Avatar>
            <Text size="sm" fw={600} maw={160} truncate="end">
              {name}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {areas.length > 0 ? <Menu.Label>Le tue aree</Menu.Label> : null}
        {areas.map((item) => (
          <Menu.Item key={item.href} component={Link} to={item.href}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Label>Account</Menu.Label>
        {ACCOUNT_NAV.map((item) => (
          <Menu.Item key={item.href} component={Link} to={item.href}>
            {item.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={onSignOut} color="red">
          Esci
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function Header() {
  const { isSignedIn, roles, profile, signOut } = useAuth();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const areas = roleNavItems(roles);
  // Patients and nutritionists reach their own area from the bar; back-office links live in the menus.
  const primaryAreas = areas.filter(
    (item) => !['Admin', 'Utenti', 'Impostazioni di sistema'].includes(item.label),
  );

  const handleSignOut = () => {
    setDrawerOpen(false);
    void signOut().then(() => navigate(paths.home()));
  };

  const drawerLink = (item: NavItem) => (
    <NavLink
      key={item.href}
      component={RouterNavLink}
      to={item.href}
      label={item.label}
      onClick={() => setDrawerOpen(false)}
      styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
    />
  );

  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Link to={paths.home()} className={classes.brand} aria-label="Nutrì, vai alla home">
            <BrandMark />
            <span>Nutrì</span>
          </Link>

          <Box component="nav" aria-label="Navigazione principale" visibleFrom="md">
            <Group gap={2} wrap="nowrap">
              {PUBLIC_NAV.map((item) => (
                <DesktopLink key={item.href} item={item} />
              ))}
              {primaryAreas.map((item) => (
                <DesktopLink key={item.href} item={item} />
              ))}
            </Group>
          </Box>

          <Group gap="sm" wrap="nowrap" visibleFrom="md">
            {isSignedIn ? (
              <UserMenu onSignOut={handleSignOut} />
            ) : (
              <>
                <Button component={Link} to={paths.login()} variant="subtle">
                  Accedi
                </Button>
                <Button component={Link} to={paths.findNutritionist()} color="apricot">
                  Trova il tuo nutrizionista
                </Button>
              </>
            )}
          </Group>

          <Burger
            hiddenFrom="md"
            opened={drawerOpen}
            onClick={() => setDrawerOpen((open) => !open)}
            aria-label={drawerOpen ? 'Chiudi il menu' : 'Apri il menu'}
            aria-expanded={drawerOpen}
          />
        </Group>
      </Container>

      <Drawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
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
                onClick={handleSignOut}
                mt="md"
              >
                Esci
              </Button>
            </>
          ) : (
            <Stack gap="sm" mt="md">
              <Button
                component={Link}
                to={paths.findNutritionist()}
                color="apricot"
                onClick={() => setDrawerOpen(false)}
              >
                Trova il tuo nutrizionista
              </Button>
              <Button
                component={Link}
                to={paths.login()}
                variant="outline"
                onClick={() => setDrawerOpen(false)}
              >
                Accedi
              </Button>
            </Stack>
          )}
        </Stack>
      </Drawer>
    </header>
  );
}

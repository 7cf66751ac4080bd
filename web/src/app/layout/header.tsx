import { Suspense, lazy, useState } from 'react';
import { Link, NavLink as RouterNavLink, useNavigate } from 'react-router-dom';
import { Box, Burger, Container, Group } from '@mantine/core';
import { useAuth } from '../../features/auth';
import { paths } from '../../paths';
import { BrandMark } from '../../ui/brand-mark';
import { ButtonLink } from '../../ui/light-button';
import classes from './layout.module.css';
import { PUBLIC_NAV, roleNavItems, type NavItem } from './nav-items';

// Loaded on demand: the landing page's first paint needs neither the drawer nor the dropdown menu.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
const UserMenu = lazy(() => import('./user-menu'));
// Nutritionists only: their reminders bell (and its data calls) never reach anyone else's page.
// Only nutritionists see it: loaded on demand, through the feature's lazy entry.
const RemindersBell = lazy(() => import('../../features/nutritionist/lazy'));

function DesktopLink({ item }: { item: NavItem }) {
  return (
    <RouterNavLink to={item.href} className={classes.navLink} end={item.href === '/'}>
      {item.label}
    </RouterNavLink>
  );
}

export function Header() {
  const { isSignedIn, roles, signOut, hasRole } = useAuth();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  // Patients and nutritionists reach their own area from the bar; back-office links live in the menus.
  const primaryAreas = roleNavItems(roles).filter(
    (item) => !['Admin', 'Utenti', 'Impostazioni di sistema'].includes(item.label),
  );

  const handleSignOut = () => {
    setDrawerOpen(false);
    void signOut().then(() => navigate(paths.home()));
  };

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

          <Group gap="xs" wrap="nowrap">
            {isSignedIn && hasRole('Nutritionist') ? (
              <Suspense fallback={null}>
                <RemindersBell />
              </Suspense>
            ) : null}
            <Group gap="sm" wrap="nowrap" visibleFrom="md">
              {isSignedIn ? (
                <Suspense fallback={<span className={classes.menuPlaceholder} aria-hidden="true" />}>
                  <UserMenu onSignOut={handleSignOut} />
                </Suspense>
              ) : (
                <>
                  <ButtonLink to={paths.login()} variant="subtle">
                    Accedi
                  </ButtonLink>
                  <ButtonLink to={paths.findNutritionist()} color="apricot">
                    Trova il tuo nutrizionista
                  </ButtonLink>
                </>
              )}
            </Group>

            <Burger
              hiddenFrom="md"
              opened={drawerOpen}
              onPointerEnter={() => void loadMobileMenu()}
              onTouchStart={() => void loadMobileMenu()}
              onClick={() => {
                setDrawerLoaded(true);
                setDrawerOpen((open) => !open);
              }}
              aria-label={drawerOpen ? 'Chiudi il menu' : 'Apri il menu'}
              aria-expanded={drawerOpen}
            />
          </Group>
        </Group>
      </Container>

      {drawerLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu opened={drawerOpen} onClose={() => setDrawerOpen(false)} onSignOut={handleSignOut} />
        </Suspense>
      ) : null}
    </header>
  );
}

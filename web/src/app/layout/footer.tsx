import { Link } from 'react-router-dom';
import { Container, Group, Stack, Text } from '@mantine/core';
import { BrandMark } from '../../ui/brand-mark';
import classes from './layout.module.css';
import { FOOTER_NAV } from './nav-items';

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <Stack gap="xs">
            <Group gap={8}>
              <BrandMark size={28} inverted />
              <Text fw={800} fz="xl" c="white">
                Nutrì
              </Text>
            </Group>
            <Text size="sm" c="leaf.0">
              Il tuo nutrizionista online: professionisti selezionati, incontro conoscitivo gratuito e visite
              da 50 minuti in videochiamata.
            </Text>
          </Stack>
          {FOOTER_NAV.map((section) => (
            <nav key={section.title} aria-label={section.title}>
              <p className={classes.footerTitle}>{section.title}</p>
              <ul className={classes.footerList}>
                {section.items.map((item) => (
                  <li key={item.href}>
                    <Link to={item.href} className={classes.footerLink}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <Text size="xs" c="leaf.1" mt="xl">
          © {new Date().getFullYear()} Nutrì. Il servizio non sostituisce il parere del medico e non è adatto
          a condizioni che richiedono una dietoterapia medica.
        </Text>
      </Container>
    </footer>
  );
}

/** The signed-in user's menu (areas, account, sign-out), loaded only for signed-in users. */
import { Link } from 'react-router-dom';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { useAuth } from '../../features/auth';
import { ACCOUNT_NAV, roleNavItems } from './nav-items';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export default function UserMenu({ onSignOut }: { onSignOut: () => void }) {
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

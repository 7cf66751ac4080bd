/** The tags of one content: remove with the tag's button, add by name with suggestions (new names are created). */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Autocomplete, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { Tag } from '@nutri/shared';
import { showSaveError } from '../../components/save-error';
import { addContentTag, autocompleteTags, removeContentTag, useTagMutations } from '../api/tags';

const SUGGEST_DELAY_MS = 300;

export function ContentTagsEditor({
  contentId,
  initialTags,
}: {
  contentId: number;
  initialTags: readonly Tag[];
}) {
  const [tags, setTags] = useState<readonly Tag[]>(initialTags);
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<Tag[]>([]);
  const [busy, setBusy] = useState(false);
  // Enter in the field and the picked suggestion may both ask to add: one add at a time.
  const adding = useRef(false);
  const { create } = useTagMutations();

  useEffect(() => setTags(initialTags), [initialTags]);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setSuggestions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      autocompleteTags(text, 'Content').then(
        (found) => current && setSuggestions(found),
        () => current && setSuggestions([]),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  const add = async (name: string) => {
    const text = name.trim();
    if (!text || adding.current) return;
    if (tags.some((tag) => tag.TagName.toLowerCase() === text.toLowerCase())) {
      setQuery('');
      return;
    }
    adding.current = true;
    setBusy(true);
    try {
      const known =
        suggestions.find((tag) => tag.TagName.toLowerCase() === text.toLowerCase()) ??
        (await autocompleteTags(text, 'Content')).find(
          (tag) => tag.TagName.toLowerCase() === text.toLowerCase(),
        );
      const tag = known ?? (await create(text, 'Content'));
      setTags(await addContentTag(contentId, tag.TagId));
      setQuery('');
    } catch (error) {
      showSaveError(error);
    } finally {
      adding.current = false;
      setBusy(false);
    }
  };

  const remove = async (tag: Tag) => {
    setBusy(true);
    try {
      setTags(await removeContentTag(contentId, tag.TagId));
    } catch (error) {
      showSaveError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      {tags.length > 0 ? (
        <Group gap={6} role="list" aria-label="Tag del contenuto">
          {tags.map((tag) => (
            <Badge
              key={tag.TagId}
              role="listitem"
              variant="light"
              size="lg"
              tt="none"
              pr={4}
              rightSection={
                <ActionIcon
                  size="sm"
                  variant="transparent"
                  color="leaf"
                  aria-label={`Rimuovi il tag ${tag.TagName}`}
                  onClick={() => void remove(tag)}
                  disabled={busy}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              }
            >
              {tag.TagName}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Nessun tag.
        </Text>
      )}
      <Group gap="xs" align="flex-end">
        <Autocomplete
          label="Aggiungi un tag"
          placeholder="Scrivi il nome del tag"
          data={suggestions.map((tag) => tag.TagName)}
          value={query}
          onChange={setQuery}
          onOptionSubmit={(value) => void add(value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add(query);
            }
          }}
          style={{ flex: 1 }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button variant="light" onClick={() => void add(query)} loading={busy} disabled={!query.trim()}>
          Aggiungi
        </Button>
      </Group>
    </Stack>
  );
}

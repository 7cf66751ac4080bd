/**
 * The composer's emoji picker (docs/product.md#screens: people category only, 7 per line). A picked emoji goes
 * where the caret was in the message (replacing a selection), and the caret moves after it; the picker
 * stays open for the next one. Arrow keys move through the grid (one tab stop for the whole grid).
 */
import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@nutri/shared';
import classes from './emoji-picker.module.css';
import { PEOPLE_EMOJI } from './emoji-people';

/** docs/product.md#screens: 7 emoji per line (the arrow keys move by this much up and down). */
export const EMOJI_PER_LINE = 7;

/** The text with `insert` put in place of `value[start, end)`, and where the caret goes afterwards. */
export const insertAt = (value: string, start: number, end: number, insert: string) => ({
  value: value.slice(0, start) + insert + value.slice(end),
  caret: start + insert.length,
});

interface EmojiPickerProps {
  /** The message field: where its caret is decides where the emoji goes. */
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function EmojiPicker({ textareaRef, value, onChange, disabled }: EmojiPickerProps) {
  const [opened, setOpened] = useState(false);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const labelId = useId();

  const pick = (emoji: string) => {
    const field = textareaRef.current;
    // Without a field (not mounted yet) the emoji goes at the end.
    const start = field?.selectionStart ?? value.length;
    const end = field?.selectionEnd ?? value.length;
    const next = insertAt(value, start, end, emoji);
    if (next.value.length > CHAT_MESSAGE_MAX_LENGTH) return;
    onChange(next.value);
    // After React wrote the new value: the caret right after the emoji, also for the next pick.
    requestAnimationFrame(() => textareaRef.current?.setSelectionRange(next.caret, next.caret));
  };

  const move = (index: number) => {
    const bounded = Math.min(PEOPLE_EMOJI.length - 1, Math.max(0, index));
    setActive(bounded);
    buttons.current[bounded]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: EMOJI_PER_LINE,
      ArrowUp: -EMOJI_PER_LINE,
    };
    const step = steps[event.key];
    if (step !== undefined) move(active + step);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(PEOPLE_EMOJI.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="top-start"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Inserisci un’emoji"
          aria-expanded={opened}
          disabled={disabled}
          onClick={() => setOpened((shown) => !shown)}
        >
          <IconMoodSmile aria-hidden size={22} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text size="xs" fw={600} c="dimmed" mb={4} id={labelId}>
          Persone
        </Text>
        <div
          className={classes.grid}
          role="group"
          aria-labelledby={labelId}
          onKeyDown={onKeyDown}
          data-testid="emoji-grid"
        >
          {PEOPLE_EMOJI.map((emoji, index) => (
            <button
              key={emoji}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              className={classes.emoji}
              tabIndex={index === active ? 0 : -1}
              data-autofocus={index === active ? true : undefined}
              onClick={() => {
                setActive(index);
                pick(emoji);
              }}
            >
              {emoji}
            </button>
          ))}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

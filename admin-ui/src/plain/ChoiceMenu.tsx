import { Menu, MenuItem } from '@mui/material';
import type { HTMLAttributes, ReactNode } from 'react';

export interface MenuChoice<T> {
  readonly value: T;
  readonly label: ReactNode;
  /** Further attributes of the option (a test id, `lang`). */
  readonly attributes?: HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, string>;
}

/**
 * The menu of a one-of-several choice drawn as a plain button (the language, the rows per page): MUI's menu as a
 * listbox, built only while open (`anchor` set), marking the current choice. Choosing closes it and calls `onChoose`
 * only when the choice changes.
 */
export function ChoiceMenu<T>({
  anchor,
  onClose,
  choices,
  current,
  onChoose,
  listLabel,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  choices: readonly MenuChoice<T>[];
  current: T;
  onChoose: (value: T) => void;
  /** How the listbox is named: `aria-label` or `aria-labelledby`. */
  listLabel: { readonly 'aria-label': string } | { readonly 'aria-labelledby': string };
}) {
  if (!anchor) return null;
  return (
    <Menu open anchorEl={anchor} onClose={onClose} slotProps={{ list: { role: 'listbox', ...listLabel } }}>
      {choices.map((choice) => (
        <MenuItem
          key={String(choice.value)}
          selected={choice.value === current}
          {...choice.attributes}
          role="option"
          aria-selected={choice.value === current}
          onClick={() => {
            onClose();
            if (choice.value !== current) onChoose(choice.value);
          }}
        >
          {choice.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

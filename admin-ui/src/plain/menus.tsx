import { Menu, MenuItem } from '@mui/material';
import type { HTMLAttributes, ReactNode } from 'react';
import { inLandmarkOf } from './landmark';

/**
 * MUI's menu (with its popover, modal, focus trap, transitions and ripple), the only part of the plain controls that
 * needs it: loaded when a menu is first opened (`ChoiceMenu.tsx`, `inputs.tsx`), not with the shell and the first
 * screen, which show only the closed controls (issue 43).
 *
 * An open menu is put into the landmark of its button (`landmarkOf`): at the end of <body>, where MUI puts it otherwise,
 * it stood outside every landmark (axe `region`; the language menu in the footer, the rows per page in main). Not in
 * place (`disablePortal`): MUI then hides the rest of <body> from assistive technology, the console's root and with it
 * the menu itself (`aria-hidden` on its ancestor). In the landmark MUI hides the landmark's other content only. No
 * scroll lock: MUI would lock the landmark, not the page.
 */

/** One choice of a `ChoiceMenu`. */
export interface MenuChoice<T> {
  readonly value: T;
  readonly label: ReactNode;
  /** Further attributes of the option (a test id, `lang`). */
  readonly attributes?: HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, string>;
}

/** The listbox of a one-of-several choice, marking the current one (`ChoiceMenu`). */
export default function ChoiceMenuList<T>({
  anchor,
  onClose,
  choices,
  current,
  onChoose,
  listLabel,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  choices: readonly MenuChoice<T>[];
  current: T;
  onChoose: (value: T) => void;
  listLabel: { readonly 'aria-label': string } | { readonly 'aria-labelledby': string };
}) {
  return (
    <Menu
      open
      anchorEl={anchor}
      onClose={onClose}
      {...inLandmarkOf(() => anchor)}
      slotProps={{ list: { role: 'listbox', ...listLabel } }}
    >
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

/** The listbox of a several-of-several choice (the multi-select of `inputs.tsx`): choosing toggles, the menu stays. */
export function MultiChoiceList({
  anchor,
  onClose,
  choices,
  chosen,
  onToggle,
  labelId,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  choices: readonly { readonly id: string; readonly name: string }[];
  chosen: readonly string[];
  onToggle: (id: string) => void;
  labelId: string;
}) {
  return (
    <Menu
      open
      anchorEl={anchor}
      onClose={onClose}
      {...inLandmarkOf(() => anchor)}
      slotProps={{
        list: { role: 'listbox', 'aria-multiselectable': true, 'aria-labelledby': labelId },
        paper: { style: { minWidth: anchor.clientWidth } },
      }}
    >
      {choices.map((c) => (
        <MenuItem
          key={c.id}
          selected={chosen.includes(c.id)}
          role="option"
          aria-selected={chosen.includes(c.id)}
          onClick={() => onToggle(c.id)}
        >
          {c.name}
        </MenuItem>
      ))}
    </Menu>
  );
}

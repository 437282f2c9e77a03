import { Tooltip } from '@mui/material';
import type { ReactElement } from 'react';

/**
 * The countdown's tooltip, its own file (issue 43): MUI's tooltip brings Popper.js (about 80 kB of code with its
 * transitions), which the first load does not need; it loads at the first hover over the countdown.
 */
export default function CountdownTooltip({
  title,
  open,
  onOpen,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  children: ReactElement;
}) {
  return (
    <Tooltip title={title} open={open} onOpen={onOpen} onClose={onClose}>
      {children}
    </Tooltip>
  );
}

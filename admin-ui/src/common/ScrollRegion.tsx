import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A box that scrolls on its own (a card's long history): reachable by the keyboard and named by its card's heading, so
 * that a clerk without a mouse can scroll it (axe `scrollable-region-focusable`, issue 43: the member's history on the
 * demo cooperative scrolled with nothing in it to focus). A group, not a region: the card around it is already the
 * landmark with that name (axe `landmark-unique`).
 */
export function ScrollRegion({
  labelledBy,
  sx,
  children,
  testId,
}: {
  labelledBy: string;
  sx: SxProps<Theme>;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      role="group"
      aria-labelledby={labelledBy}
      tabIndex={0}
      data-testid={testId}
      sx={[
        { '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

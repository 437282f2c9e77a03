import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogBody';

export type { ConfirmDialogProps } from './ConfirmDialogBody';

const ConfirmDialogBody = lazy(() => import('./ConfirmDialogBody'));

/**
 * A confirmation before a destructive step (exit, death, exclusion, annulation), a write with warnings, leaving unsaved
 * changes. Every form and the shell hold one, closed; MUI's dialog (`ConfirmDialogBody.tsx`) is loaded and drawn from
 * the first time it opens (then kept, so it closes with its transition), not with the first screen (issue 43).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogBody {...props} />
    </Suspense>
  );
}

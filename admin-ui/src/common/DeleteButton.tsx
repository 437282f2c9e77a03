import { lazy, Suspense, useState } from 'react';
import { useTranslate, type RedirectionSideEffect } from 'react-admin';
import { Icon } from '../plain/icons';

// The confirmation and react-admin's and MUI's dialog code load at the first click (issue 43).
const DeleteConfirm = lazy(() => import('./DeleteConfirm'));

/**
 * The edit header's delete button (SPEC 2: delete after a confirmation): a plain outlined button (`plain/plain.css`),
 * as react-admin's `DeleteButton` looked (small, outlined, in the error colour, with its icon); the confirmation is
 * built, and its code loaded, when it is pressed. Inside a react-admin form (the record and resource are the form's).
 */
export function DeleteButton({ title, redirect }: { title: string; redirect: RedirectionSideEffect }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const label = translate('coop.edit.delete');
  return (
    <>
      <button
        type="button"
        className="cl-btn cl-btn-sm cl-btn-outlined-error"
        aria-label={label}
        data-testid="delete"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <span className="cl-btn-start">
          <Icon name="delete" size="xs" />
        </span>
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DeleteConfirm title={title} redirect={redirect} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

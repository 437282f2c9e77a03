import { Confirm, useDeleteController, type RedirectionSideEffect } from 'react-admin';

/**
 * The delete button's confirmation (`DeleteButton.tsx`), its own file: react-admin's dialog and MUI's (about 17 kB
 * gzip with the tooltip react-admin's button brings) load when a clerk first asks to delete, not with every form.
 * react-admin's delete controller as its `DeleteButton` uses it (pessimistic: the record goes once the server said
 * so; the notice, the form's reset and the redirect are the controller's); the dialog closes when the request ends.
 */
export default function DeleteConfirm({
  title,
  redirect,
  onClose,
}: {
  title: string;
  redirect: RedirectionSideEffect;
  onClose: () => void;
}) {
  const { isPending, handleDelete } = useDeleteController({
    redirect,
    mutationMode: 'pessimistic',
    mutationOptions: { onSettled: onClose },
  });
  return (
    <Confirm
      isOpen
      loading={isPending}
      title={title}
      content="coop.edit.confirmDeleteContent"
      onConfirm={handleDelete}
      onClose={onClose}
    />
  );
}
